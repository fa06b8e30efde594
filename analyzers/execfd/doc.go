// Package execfd defines an Analyzer that checks how a function shares
// descriptors with the child processes it starts.
//
// # Analyzer execfd
//
// execfd: report child processes that inherit descriptors the parent keeps or never reaps
//
// A child process gets its own copy of every descriptor it is handed. The
// parent must close its copy once the child has started, or the object
// stays open as long as the parent runs: the reader of a pipe whose write
// end the parent still holds never sees EOF and blocks forever, with no
// error. The analyzer reports, following every path of the function:
//
//   - an *os.File that the function created (an os.Pipe end, an opened
//     file, the duplicate that a net listener's or connection's File
//     method returns) and handed to a child, through cmd.Stdin, cmd.Stdout,
//     cmd.Stderr, cmd.ExtraFiles or the Files of os.StartProcess's
//     ProcAttr (also through a function value that holds os.StartProcess,
//     or any function value whose type is a starter's: it returns an
//     *os.Process and takes the child's files as an []*os.File or an
//     *os.ProcAttr; also through a start helper of the package, called
//     directly or through a function-typed field assigned once, that puts
//     the file it is given (or a slice of them) into a command or process
//     it starts and neither closes nor keeps it, as read on the package's
//     SSA form), that the parent does not close after Start or Run (or the
//     helper's call) on every path. A deferred Close does not help when the parent first reads the
//     other end of the pipe: the read blocks before the deferred call runs,
//     and the message says so ("the reader of r never sees EOF and blocks
//     forever"). When the parent sets a read deadline on r before the read
//     (SetReadDeadline, SetDeadline) the read does not hang, and the
//     message says what happens instead: it fails at the deadline without
//     EOF. The fix inserts the Close right after the successful Start.
//     A variable that holds the file the function opened on one path and
//     a file it does not own on another (os.Stdin where it did not open
//     /dev/null) is told to be closed only where the function opened it,
//     with no fix: closing it as written would close os.Stdin. The
//     command need not be the function's own: a parameter, the receiver
//     of a method of a type that holds it (embedded, in its only
//     *exec.Cmd field, or a wrapper: r.Stdin, r.cmd.Stdout), or one a
//     function value or an unknown function returned with an error
//     ("pager, err := s.pagerCmdFunc()"), started in the function (or
//     through a function that starts its argument, even one that keeps
//     it or hands it on, as a logging wrapper that puts it in its log
//     record does) holds its own copy of the file from that start, and
//     the parent's copy is the function's to close; whether that child is
//     waited stays its owner's business;
//   - cmd.Start() that succeeds but whose process is then neither waited
//     (cmd.Wait, cmd.Process.Wait, or wait4 on cmd.Process.Pid as a tracer
//     does, directly or through a function of the package) nor released (Process.Release: detached
//     on purpose) on some path to a return. Only Wait reaps: Process.Kill
//     and Process.Signal end the child but leave it a zombie until Wait,
//     and the message says so when the function kills it. Every return
//     that leaves the child unwaited is listed where one hint fits them
//     all (two error returns: "at these error returns, call Kill then
//     Wait"); a return whose hint would differ (a success return after
//     an error return) is named once the first is fixed. A command handed
//     off (returned, stored, sent, passed to code of another package or to
//     a function value, waited in a goroutine) is its new owner's. Passing
//     it to a function of the package that only borrows it (sets its
//     fields, logs it) keeps the duty with the caller; a function that
//     starts or waits for its argument counts as a Start or a Wait at the
//     call; one that closes the files the command hands to its child (as
//     the shim's proc.Start does) closes the parent's copies, and one that
//     sets its WaitDelay sets it. What each function does with its *exec.Cmd and *os.File
//     parameters is summarized from its body; for the exported functions
//     and methods the summary is a fact, so a helper of another package
//     that only reads from a pipe end or configures a command borrows it
//     too, and one that waits for it counts as a Wait;
//   - a process started with os.StartProcess (or a starter of its type)
//     whose *os.Process is neither waited (Wait) nor released (Release) on
//     some path from the successful start to a return, nor handed on
//     (returned, stored, passed to other code, used in a function literal,
//     its Pid returned or stored for a wait4 elsewhere); a start that asks
//     for a pidfd (SysProcAttr.PidFD) is reaped through it by its holder.
//     A dropped result ("_, err := os.StartProcess(...)") can never be
//     waited. In test code, a process left unwaited is a zombie only
//     until the test binary exits: strict-only;
//   - a child started with syscall.ForkExec or syscall.StartProcess, known
//     by its pid alone, whose pid is dropped, or kept only to print,
//     compare or signal it (Kill does not reap), and never given to a
//     wait4 (syscall.Wait4) nor handed on (returned, stored, passed to a
//     function);
//   - a child followed through its *os.Process in a local variable
//     ("current = cmd.Process"): a Wait or Release on the variable waits
//     for the command, Kill or Signal on it does not reap, and a loop that
//     kills the previous round's child without waiting for it leaves a
//     zombie per round. The same holds for another local *exec.Cmd
//     variable assigned the command ("current = cmd"), when every
//     assignment to it in the function is of that command or nil: its Wait
//     and its Process's Wait or Release reap, its Process's Kill or Signal
//     does not;
//   - cmd.Start() on a command the function was given (a parameter), then
//     a return of an error with the child neither waited nor handed on:
//     the caller sees a failure and has no reason to wait for a child it
//     thinks never started. Returning nil after the Start hands the child
//     to the caller, who waits. Every such return is listed;
//   - a command made by a creator, a function that returns a fresh
//     exec.Command or exec.CommandContext it has only configured (func
//     withSudo(ctx, args...) *exec.Cmd), also with an error ((*exec.Cmd,
//     error), or the results of another creator), of the package or (by a
//     fact) an exported one of another package, is owned by the caller as
//     if it had called exec.Command itself;
//   - a wrapper, a struct type that holds an *exec.Cmd (embedded, or in
//     its only field of that type) and whose own Start and Wait methods
//     start and wait for it (git-lfs's subprocess.Cmd, whose Wait closes
//     the pipes it handed out first), is followed like an *exec.Cmd: a
//     local wrapper made by a creator (one that returns a new &W{...}) or
//     a literal, started with its Start (or the held command's) and not
//     waited with its Wait (or the held command's) on some path is
//     reported, naming the wrapper's Start; the hint stops the child
//     through the held command (p.cmd.Process.Kill then p.cmd.Wait for a
//     named field). A call of another method of the wrapper that waits
//     for the held command (a Close that kills then waits, read on the SSA
//     form; of a wrapper of another package, any other method but the
//     pipes) waits for it too. Whether a type is a wrapper is decided from
//     its methods' bodies, and known to other packages by a fact when they
//     can reach the command (embedded, or an exported field); a field
//     holding a wrapper is waited by the wrapper's Wait;
//   - a command's method value that is only called, also deferred, in a
//     goroutine, or through a local variable a closure captures ("start
//     := cmd.Start; start()", "defer wait()"), is the method: its calls
//     start or wait as cmd.Start() and cmd.Wait() do. The calls are found
//     on the package's SSA form (the closure of the bound method and its
//     referrers); a method value used any other way (errgroup's
//     g.Go(cmd.Wait), stored, returned) hands the command on;
//   - a command handed on only by returns (returned itself, in a composite
//     literal, or in a local struct that is returned and otherwise only
//     read, or given to functions of the package that only read it, kill
//     its command or wait for it on every path) is the caller's at those
//     returns only: another return after the start that drops it
//     ("return nil, err" when a handshake fails) leaves the child
//     unwaited, killed or not, and the hint stops it there with Kill then
//     Wait and leaves the returns that give it back to the caller;
//   - a command stored, or its Process, in a field or package-level
//     variable of the package that some function waits for, or that is
//     exported ("s.child = cmd", "h.cmds = append(h.cmds, cmd)", "s.proc =
//     cmd.Process"), after its Start and in the same loop, is the owner's
//     from that store on: a return before the store (a failed handshake
//     in cmd/go's vcweb hg handler) leaves the child unwaited, and is
//     judged and hinted as a return that drops a command handed back is.
//     A store in a function literal, before the Start or into another
//     package's type hands the command on for the whole function;
//   - a start through a function value whose one value is known: a package
//     variable (var execCommand = exec.Command) or a struct field assigned
//     exactly once in the package from a named function or a method
//     expression ((*exec.Cmd).Start) is judged as a call of that function;
//   - exec.Command(...).Start() on a command that is never kept (the "open
//     a browser" idiom): nothing can wait for the child;
//   - commands kept in a local slice (or a slice of structs holding them),
//     started in a loop: every path from the start must reach a loop that
//     waits for each element, or hand the slice on. The early return when
//     a later start fails is the classic leak: the children started so far
//     are never waited. Every return that leaves them unwaited is listed.
//     The slice and its elements are followed by value, on the SSA form:
//     the slice under another name, a copy of an element, a closure that
//     captures either, are the same slice and the same commands, and a
//     helper of the package that appends its command parameter to its
//     slice parameter and returns it (cmds = keep(cmds, cmd)) appends;
//   - commands made into a local slice first (appends of exec.Command,
//     a slice literal of them, or of structs holding only fresh commands:
//     append(stages, &stage{cmd: cmd}), directly or through a local
//     holder, or elements set to them: cmds[i] = exec.Command(n)) and
//     started by a loop that reads them one by one at an index counting
//     its iterations from 0, found on the function's SSA form: a range
//     loop over the slice or a prefix of it (range cmds[:n]), a loop over
//     its indexes (for i := 0; i < len(cmds); i++), a counter or a copy of
//     the index, the element copied to a local first (c.Start(),
//     cmds[i].Start(), or c.cmd.Start() for the command an element holds)
//     ("for _, c := range cmds { if err := c.Start(); err != nil {
//     return err } }"): every path from the start must pass a loop that
//     waits for each element (its index bounded by the slice's length),
//     or hand the slice on, before it returns. The cleanup before the
//     return when the i-th start fails may wait for the started prefix
//     alone, the elements below the starting loop's index (range
//     cmds[:i], for j := 0; j < i; j++, or stopAll(cmds[:i]) of a
//     function that waits for each). The loop that then waits for the
//     commands one by one must not return from inside ("if err :=
//     c.Wait(); err != nil { return err }"): that return leaves the
//     commands after it unwaited, unless the rest (range cmds[i+1:],
//     stopAll(cmds[i+1:])) or the whole slice is waited or handed on
//     before it, or a deferred wait reaps them. A start loop that starts
//     a goroutine waiting for each element right after its start (go
//     c.Wait(), or a function literal that calls it) reaps every child it
//     started, and is not reported; the goroutine's command is matched on
//     the SSA form by value, whatever its name there (a copy c2 := c,
//     cmds[i] read again, the literal's parameter, a method value of its
//     Wait). Where an element holds its command in
//     a named field (s.cmd, or a wrapper's p.cmd), the hint stops it
//     through that path: p.cmd.Process.Kill, then p.cmd.Wait;
//   - a started command stored in an unexported struct field that no
//     function of the package waits for (or hands on), reported at the
//     store: "field child of server holds the child started by
//     cmd.Start, but no function of the package waits for it". An
//     unexported package-level variable is such a field of the package:
//     a reloader's restart that keeps the child in one ("appProcess =
//     cmd.Process", "appCmd = exec.Command(bin); appCmd.Start()") and a
//     stop that only kills or signals it leave a zombie per restart;
//   - a descriptor that the package opens and keeps in an unexported
//     struct field (a file, a listener's or connection's File duplicate,
//     a slice of them: s.files = []*os.File{f}), that some function hands
//     to a child (cmd.ExtraFiles = s.files, cmd.Stdout = s.out,
//     os.ProcAttr's Files) and that no function of the package closes,
//     hands on or gives to code that may close it, and that the package
//     uses for nothing else (a terminal the parent also drives through its
//     Fd is kept on purpose), reported where it is handed to the child:
//     the parent keeps its copy for as long as it runs. The field is followed on the package's SSA form, through
//     slice literals, appends, range loops, interfaces, closures and
//     helpers that close their parameter; a call through a function value
//     borrows what the field still holds. The same SSA following decides
//     whether some function waits for a command field (the rule above);
//   - a child that is not waited in the function (detached, or released
//     with Process.Release) whose Stdin, Stdout or Stderr is the parent's
//     os.Stdin, os.Stdout or os.Stderr: it keeps the parent's output open
//     after the parent exits, so whoever reads the parent's output waits for
//     the child too. A child whose SysProcAttr.Pdeathsig is set before the
//     start on every path dies with the parent, and one killed on every
//     exit of the function after its successful start (a Kill deferred
//     before anything can end the function, "defer cmd.Process.Kill()"
//     or a deferred closure that kills it; no os.Exit skips it) dies
//     with the function: neither is reported by this rule; if it is
//     never waited the rule above still reports it (a zombie until the
//     parent exits; strict-only in test code), and for the killed child
//     its hint is to call Wait right after the Kill;
//   - exec.CommandContext running a shell (sh, bash, dash or zsh, by name or
//     path, with -c; also behind env, sudo, doas, nice, ionice, timeout,
//     nohup, setsid or stdbuf, which run their arguments as a command and
//     are all that cancel kills; a program that is not a constant, such as
//     a configured shell path or a parameter, is a shell when the package
//     gives it values and every one of them is a shell: the constants
//     assigned to the variable or field, exec.LookPath of a constant, a
//     default, a flag's default, the arguments of the package's calls; a
//     program with no such value, or with one that is not a shell, as in
//     git -c name=value, is left to -strict), or run by an exported function whose
//     parameters give both the program and its arguments (a runner of any
//     command: code outside the package chooses what runs, a shell or a
//     command that leaves a daemon included), whose output goes to a buffer or a pipe (Output,
//     CombinedOutput, StdoutPipe, StderrPipe, a writer that is not an
//     *os.File) and whose WaitDelay is never set: when the context is
//     cancelled the shell is killed, but the commands it started keep the
//     pipe open and Wait blocks until they exit. The fix sets
//     cmd.WaitDelay.
//
// A descriptor can also reach a child by its number: duplicated with
// syscall.Dup or unix.Dup (the duplicate is not close-on-exec, so every
// child inherits it) and named in a local command's Env or Args
// ("LISTEN_FD=%d", directly or through one local string). From the start,
// every path must close the number (syscall.Close, unix.Close), or return
// it; a number wrapped in a file (os.NewFile) is the file's.
//
// A file kept in a local slice (files = append(files, f), or in a struct
// element, pipes = append(pipes, pipe{r, w})) is released with the
// slice: by a loop that closes each element, or by handing the slice on
// (returned, stored, passed to a function that may close its elements,
// closeAll(files...)). Appending it is not a hand-off. A deferred release
// registered before the start that runs only on error ("defer func() { if
// retErr != nil { closeAll(files...) } }()") covers the returns that give
// the named error result an error (fmt.Errorf, errors.New, a package error
// variable, or any value but nil in the body of an "if err != nil"), not
// the success return: there the parent still holds its copy.
//
// Files opened in a loop and appended straight to the command's
// ExtraFiles ("cmd.ExtraFiles = append(cmd.ExtraFiles, f)") are followed
// together: after the start every path must close each of them (a loop
// over cmd.ExtraFiles that closes each element, found on the SSA form as
// the loops over a slice's commands are: a range loop, a counted loop
// bounded by len(cmd.ExtraFiles), the element copied first; a call that
// may close cmd.ExtraFiles...; a Close deferred in the loop).
//
// The write end that cmd.StdinPipe returns must be closed before
// cmd.Wait on every path: Wait closes it only after the child exits, and a
// child that reads its input to EOF never exits while the parent holds it,
// so Wait blocks forever. A deferred Close runs too late; a goroutine or a
// function that may close it (an io.WriteCloser parameter) has it; only a
// pipe the parent writes to is judged (it feeds the child's input); a
// command run under a context (or with Cancel or WaitDelay set) is killed
// when the context ends, and is not reported.
//
// A file created only under a boolean condition ("if owned { f, err =
// os.Create(name) } else { f = devNull }") exists only where the condition
// held: "if owned { f.Close() }" after the start closes it on every such
// path, and the fix closes it under the same condition.
//
// The branches on which Start failed have no child, also where the call
// itself is compared with nil ("if cmd.Start() == nil && appearsOK(cmd)",
// whose right operand runs after the start on the true branch): "err != nil", an error
// predicate on err (errors.Is, errors.As, a function of the project that
// returns false for a nil error, known by a fact of passes/errpred), or a
// boolean variable holding one ("started := err == nil").
//
// Messages claim only what the analyzer checked: "the parent's ends of
// its pipes stay open" only for a command with a pipe (StdoutPipe, or a
// standard stream that is not an *os.File); "blocks forever" only for an
// unbounded read. The hint for an unwaited child that writes into a pipe
// the parent reads (StdoutPipe, StderrPipe, the write end of the
// function's os.Pipe as Stdout or Stderr) is Kill then Wait: on a path
// where the parent stopped reading, the child is stuck on the full pipe
// and a plain Wait never returns (the hint says so for an *exec.Cmd; a
// wrapper's own Wait may close the pipes first, as git-lfs's
// subprocess.Cmd does, and then returns). Where some path reaches the leaking
// return without a branch that showed Start's error nil ("err =
// cmd.Start(); if ctx.Err() != nil { return ... }": with a context already
// done, Start returns before starting, and cmd.Process is nil), the hint
// kills only where Start succeeded ("if err == nil", or "if cmd.Process !=
// nil" when the error variable was assigned again on the way): Kill on a
// nil *os.Process panics. At a return that reports success with the child
// still running (nil for the error result, or no error result), the child
// runs on on purpose, and a plain Wait there blocks for as long as it runs
// (a server: forever): the hint offers only go cmd.Wait() and Kill then
// Wait. At a return that reports an error, the function gives up on a
// child that may still run (a long-lived logger or server never exits by
// itself): the hint stops it there with Kill then Wait, and, when other
// paths leave the child unwaited too, leaves a plain Wait to those that
// are done with it. Wait also waits for the
// goroutine that copies a Stdin that is not an *os.File into the child,
// and that goroutine blocks for as long as its source does (an io.Pipe
// whose writer stays open): where the function sets Stdin to a reader
// that may block (not an in-memory bytes.Buffer, bytes.Reader or
// strings.Reader) and sets no WaitDelay, the hint says to close what feeds
// it first, or to set WaitDelay.
//
// A package that reaps every child of the process (a loop around
// wait4(-1, ...), as container shims and init systems run on SIGCHLD), or
// calls a function of any package that runs such a loop (a reapsAll
// fact), or imports, directly or not, a package whose initialization starts
// one (an init that runs the loop: a reapsOnImport package fact), gets no
// report that a child stays a zombie: the loop reaps it. The reports about
// descriptors stay. A reaper that only the program's main reaches, in a
// package that the package starting the child does not import, is not
// seen: an analyzer sees a package with its imports, not its importers.
// So each report that a child stays a zombie says so ("unless the process
// reaps every child itself"): in such a program the Wait it suggests is
// not needed (and races the reaper, which harms nothing).
//
// A child started only on Windows (in the body of "if runtime.GOOS ==
// "windows"", the else of "!=", a case "windows" of a switch on
// runtime.GOOS) is not reported as unwaited: Windows has no zombies.
//
// Files that the function did not create, commands that are not local
// variables, and commands handed to other code are someone else's to
// manage and are not reported. A program's main may return without
// waiting: the process ends.
//
// A child left unwaited, or a descriptor handed to a child and kept, only
// on a path that ends the program right after is strict-only: os.Exit and log.Fatal are not leaks, and neither is a
// return of an error (fmt.Errorf, errors.New, err in the body of "if err
// != nil") from a plain function of a main package whose every use is a
// call in main, where main ends when the error is not nil ("if err :=
// run(); err != nil { log.Fatal(err) }", the same with the error kept in
// a variable and tested by the next statement, ending in os.Exit, log.Fatal
// or return; "log.Fatal(run())"; "run()" as main's last statement). A
// function also called from elsewhere, or whose error main only logs,
// keeps the finding. Any return, success or not, also ends the program
// right after when every path from it to the end of the program runs only
// short work: the function is a plain function of a main package called
// only from main, or a function literal passed, in main's body, to such a
// helper that calls it (a one-shot tool whose callback starts a server
// and abandons it), and from the return through the rest of the helper,
// main and their deferred calls there is no loop, no channel operation or
// select, no function value, and no call that could run long: the short
// calls are the standard library's formatting, string and path work, os
// calls on files and names (not reads, waits or pipes), context's
// constructors and cancel functions, calls that end the process, and
// functions of the package made only of those.
//
// A child left unwaited only on returns taken when io.ReadAll (or
// ioutil.ReadAll) of its own StdoutPipe or StderrPipe fails ("dat, err :=
// io.ReadAll(stdout); if err != nil { return nil, err }", then Wait) is
// strict-only: a pipe reports the child's exit as EOF, not as an error,
// and a read of it fails only when the parent closed its own end. The pipe
// variable must hold only that command's pipe, and the function must use
// it only in the reads and in deferred calls. An error of io.Copy (maybe
// the writer's) or of a decoder over the pipe (the data's: the child may
// still be writing, blocked on the full pipe) keeps the finding, and so
// does any other unwaited return (a return on what the child wrote to
// stderr).
//
// Tests are judged like other code, with two exceptions. In test code (a
// _test.go file, a test-support package, whose non-test files use the
// testing package's types, or a function that takes a *testing.T,
// *testing.B, *testing.F, testing.TB or *testing.M), a child or process left unwaited
// (started and not waited on some path, kept in a slice, never kept,
// dropped) stays a zombie, or runs on, only until the test binary exits,
// and maintainers do not change tests for it: those findings are
// strict-only. And a descriptor handed to a child that the test keeps,
// where no read of the function waits on the other end of its pipe, is
// held only until the test binary exits: strict-only too. A kept write end
// whose reader the test then reads hangs the test, and a detached child
// holding the test binary's own stdout makes go test wait for it: both stay
// reported.
//
// The strict profile (-strict) reports the WaitDelay rule for every
// exec.CommandContext whose output goes to a writer that is not known to be
// an *os.File, whatever it runs.
//
// Tests: every other rule applies to _test.go files as to any code: a pipe
// end a test keeps while it reads the other hangs the test binary like any
// program.
package execfd
