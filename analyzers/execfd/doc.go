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
//     file) and handed to a child, through cmd.Stdin, cmd.Stdout,
//     cmd.Stderr, cmd.ExtraFiles or the Files of os.StartProcess's
//     ProcAttr, that the parent does not close after Start or Run on every
//     path. A deferred Close does not help when the parent first reads the
//     other end of the pipe: the read blocks before the deferred call runs,
//     and the message says so ("the reader of r never sees EOF and blocks
//     forever"). When the parent sets a read deadline on r before the read
//     (SetReadDeadline, SetDeadline) the read does not hang, and the
//     message says what happens instead: it fails at the deadline without
//     EOF. The fix inserts the Close right after the successful Start;
//   - cmd.Start() that succeeds but whose process is then neither waited
//     (cmd.Wait, cmd.Process.Wait, or wait4 on cmd.Process.Pid as a tracer
//     does, directly or through a function of the package) nor released (Process.Release: detached
//     on purpose) on some path to a return. Only Wait reaps: Process.Kill
//     and Process.Signal end the child but leave it a zombie until Wait,
//     and the message says so when the function kills it. A command handed
//     off (returned, stored, sent, passed to code of another package or to
//     a function value, waited in a goroutine) is its new owner's. Passing
//     it to a function of the package that only borrows it (sets its
//     fields, logs it) keeps the duty with the caller; a function that
//     starts or waits for its argument counts as a Start or a Wait at the
//     call. What each function does with its *exec.Cmd and *os.File
//     parameters is summarized from its body; for the exported functions
//     and methods the summary is a fact, so a helper of another package
//     that only reads from a pipe end or configures a command borrows it
//     too, and one that waits for it counts as a Wait;
//   - a child followed through its *os.Process in a local variable
//     ("current = cmd.Process"): a Wait or Release on the variable waits
//     for the command, Kill or Signal on it does not reap, and a loop that
//     kills the previous round's child without waiting for it leaves a
//     zombie per round;
//   - cmd.Start() on a command the function was given (a parameter), then
//     a return of an error with the child neither waited nor handed on:
//     the caller sees a failure and has no reason to wait for a child it
//     thinks never started. Returning nil after the Start hands the child
//     to the caller, who waits;
//   - a command made by a creator, a function that returns a fresh
//     exec.Command or exec.CommandContext it has only configured (func
//     withSudo(ctx, args...) *exec.Cmd), of the package or (by a fact) an
//     exported one of another package, is owned by the caller as if it had
//     called exec.Command itself;
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
//     are never waited;
//   - a started command stored in an unexported struct field that no
//     function of the package waits for (or hands on), reported at the
//     store: "field child of server holds the child started by
//     cmd.Start, but no function of the package waits for it";
//   - a child that is not waited in the function (detached, or released
//     with Process.Release) whose Stdin, Stdout or Stderr is the parent's
//     os.Stdin, os.Stdout or os.Stderr: it keeps the parent's output open
//     after the parent exits, so whoever reads the parent's output waits for
//     the child too. A child whose SysProcAttr.Pdeathsig is set before the
//     start on every path dies with the parent and is not reported by this
//     rule; if it is never waited the rule above still reports it;
//   - exec.CommandContext running a shell (sh, bash, dash or zsh, by name or
//     path, with -c; also behind env, sudo, doas, nice, ionice, timeout,
//     nohup, setsid or stdbuf, which run their arguments as a command and
//     are all that cancel kills), or run by an exported function whose
//     parameters give both the program and its arguments (a runner of any
//     command: code outside the package chooses what runs, a shell or a
//     command that leaves a daemon included), whose output goes to a buffer or a pipe (Output,
//     CombinedOutput, StdoutPipe, StderrPipe, a writer that is not an
//     *os.File) and whose WaitDelay is never set: when the context is
//     cancelled the shell is killed, but the commands it started keep the
//     pipe open and Wait blocks until they exit. The fix sets
//     cmd.WaitDelay.
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
// over cmd.ExtraFiles that closes the element, a call that may close
// cmd.ExtraFiles..., a Close deferred in the loop).
//
// The branches on which Start failed have no child: "err != nil", an error
// predicate on err (errors.Is, errors.As, a function of the project that
// returns false for a nil error, known by a fact of passes/errpred), or a
// boolean variable holding one ("started := err == nil").
//
// Messages claim only what the analyzer checked: "the parent's ends of
// its pipes stay open" only for a command with a pipe (StdoutPipe, or a
// standard stream that is not an *os.File); "blocks forever" only for an
// unbounded read.
//
// A package that reaps every child of the process (a loop around
// wait4(-1, ...), as container shims and init systems run on SIGCHLD), or
// calls a function of any package that runs such a loop (a reapsAll
// fact), gets no report that a child stays a zombie: the loop reaps it.
// The reports about descriptors stay.
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
// A child left unwaited only on a path that ends the program right after
// is strict-only: os.Exit and log.Fatal are not leaks, and neither is a
// return of an error (fmt.Errorf, errors.New, err in the body of "if err
// != nil") from a plain function of a main package whose every use is a
// call in main, where main ends when the error is not nil ("if err :=
// run(); err != nil { log.Fatal(err) }", the same with the error kept in
// a variable and tested by the next statement, ending in os.Exit, log.Fatal
// or return; "log.Fatal(run())"; "run()" as main's last statement). A
// function also called from elsewhere, or whose error main only logs,
// keeps the finding.
//
// Tests are judged like other code: a zombie or a kept descriptor in a
// test binary is the same leak.
//
// The strict profile (-strict) reports the WaitDelay rule for every
// exec.CommandContext whose output goes to a writer that is not known to be
// an *os.File, whatever it runs.
//
// Tests: every rule applies to _test.go files as to any code: a child a
// test does not wait for, or a descriptor it hands over and keeps, leaks
// or hangs the test binary like any program.
package execfd
