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
//     and the message says so ("the reader of r never sees EOF"). The fix
//     inserts the Close right after the successful Start;
//   - cmd.Start() that succeeds but whose process is then neither waited
//     (cmd.Wait, cmd.Process.Wait) nor killed nor released on some path to a
//     return, unless the *exec.Cmd (or its Process) is handed off: returned,
//     stored, passed to a function or waited in a goroutine;
//   - a child that is not waited in the function (detached, or released
//     with Process.Release) whose Stdin, Stdout or Stderr is the parent's
//     os.Stdin, os.Stdout or os.Stderr: it keeps the parent's output open
//     after the parent exits, so whoever reads the parent's output waits for
//     the child too;
//   - exec.CommandContext running a shell (sh, bash, dash or zsh, by name or
//     path, with -c) whose output goes to a buffer or a pipe (Output,
//     CombinedOutput, StdoutPipe, StderrPipe, a writer that is not an
//     *os.File) and whose WaitDelay is never set: when the context is
//     cancelled the shell is killed, but the commands it started keep the
//     pipe open and Wait blocks until they exit. The fix sets
//     cmd.WaitDelay.
//
// The branches on which Start failed have no child: "err != nil", an error
// predicate on err (errors.Is, errors.As, a function of the project that
// returns false for a nil error, known by a fact of passes/errpred), or a
// boolean variable holding one ("started := err == nil").
//
// Files that the function did not create, commands that are not local
// variables, and commands handed to other code are someone else's to
// manage and are not reported.
//
// The strict profile (-strict) reports the WaitDelay rule for every
// exec.CommandContext whose output goes to a writer that is not known to be
// an *os.File, whatever it runs.
//
// Tests: every rule applies to _test.go files as to any code: a child a
// test does not wait for, or a descriptor it hands over and keeps, leaks
// or hangs the test binary like any program.
package execfd
