// Package cloexec defines an Analyzer that reports raw system calls which
// create file descriptors without the close-on-exec flag.
//
// # Analyzer cloexec
//
// cloexec: report descriptors created without close-on-exec
//
// A descriptor created without close-on-exec is inherited by every child
// process that any goroutine starts while it is open. The child keeps a
// pipe's write end alive, so the reader never sees EOF; it keeps a listening
// socket, a lock file or a deleted file open long after the parent let go.
// The os, net and os/exec packages always set the flag; raw calls of the
// syscall and golang.org/x/sys/unix packages do not unless asked.
//
// The analyzer reports these calls of syscall and golang.org/x/sys/unix,
// when their flags are constant (named constants combined with | are
// evaluated):
//
//   - Open, Openat, Openat2 without O_CLOEXEC, and Creat always: add
//     O_CLOEXEC (Creat becomes Open with O_CREAT|O_WRONLY|O_TRUNC|O_CLOEXEC);
//   - Socket, Socketpair without SOCK_CLOEXEC, and Accept: add the flag, or
//     use Accept4(fd, SOCK_CLOEXEC);
//   - Pipe: use Pipe2(p, O_CLOEXEC); Pipe2 without O_CLOEXEC;
//   - Dup: use FcntlInt(uintptr(fd), F_DUPFD_CLOEXEC, 0) (golang.org/x/sys/unix);
//     Dup2 and Dup3 without O_CLOEXEC, except onto standard input, output and
//     error (fds 0 to 2), which a child is meant to inherit;
//   - EpollCreate, InotifyInit: use EpollCreate1(EPOLL_CLOEXEC),
//     InotifyInit1(IN_CLOEXEC); EpollCreate1, InotifyInit1, Eventfd,
//     MemfdCreate, Signalfd (creating a new descriptor), TimerfdCreate and
//     FanotifyInit without their CLOEXEC flag;
//   - fcntl with F_DUPFD (through FcntlInt or a raw Syscall of SYS_FCNTL):
//     use F_DUPFD_CLOEXEC;
//   - fcntl F_SETFD clearing FD_CLOEXEC.
//
// On Windows, syscall.Open without O_CLOEXEC creates an inheritable handle
// and is reported the same way. A call is only reported where the platform
// offers the flag or the close-on-exec variant, so that every finding can be
// fixed.
//
// Making a descriptor inheritable on purpose is fine when the same function
// hands it to a child: clearing FD_CLOEXEC, or Dup2 and Dup3 onto a fixed
// descriptor, is not reported when the function also starts a child process
// (os/exec, os.StartProcess, syscall.ForkExec, syscall.Exec and friends) or
// fills in ExtraFiles or ProcAttr.Files.
//
// A function whose callers choose the flags is not reported for them: one
// that passes its own parameter as the flags, or an exported one that only
// forwards the call (every argument is its parameter, unchanged, and the
// call's results are its own, as a test hook's Accept(s int) returning
// syscall.Accept(s)): like package syscall, it re-exposes the call to code
// that owns the flags. An unexported forwarder is the package's own helper,
// and its call is judged.
// A function named like the call is judged like any other: a method Socket
// that calls unix.Socket with constant flags inside is reported.
//
// A fix must compile wherever the file does. SOCK_CLOEXEC, Accept4, Pipe2,
// Dup3 and F_DUPFD_CLOEXEC are missing from syscall or x/sys/unix on some
// platforms (darwin, ios and aix lack most; windows, js, wasip1 and plan9
// more; Dup3 is Linux-only in syscall). A file whose name or build
// constraint admits such a platform gets no fix that adds them: the message
// names the platforms, says to use the name in a file built only where it
// exists, and elsewhere to hold syscall.ForkLock around the call and set
// syscall.CloseOnExec, as package os does. A file with no constraint builds
// wherever its package does, which one platform's analysis cannot see: the
// package is known not to build for a platform when one of its files that
// may build there uses a name that platform lacks (any x/sys/unix name on
// windows, js, wasip1 and plan9; EpollCreate1 off Linux); otherwise the
// hint is conditional ("if this package also builds for …") and there is
// no fix.
//
// Suggested fixes add the flag or switch to the close-on-exec variant.
//
// A descriptor without close-on-exec only leaks into a process started
// while it is open. In a main package whose program never starts one, the
// findings are strict-only: neither the package nor any package it imports
// (transitively) uses os/exec, os.StartProcess, syscall.ForkExec or Exec,
// x/sys/unix Exec, a raw fork, clone or execve, cgo or plugin. What a
// package outside the standard library may start is a package fact
// (startsProcess); for the standard library it is written down (os/exec,
// net/http/cgi, go/build and the others that import os/exec). A library
// keeps every finding: it does not know the program it ends up in, with
// one exception: a function it registers as the whole program of a
// process that executes the binary again (reexec.Register(name, fn), whose
// registry is looked up at os.Args[0] by the Init that main calls first:
// a registersEntry fact, known by that shape) is that process's main, and
// when its body may start no process its findings are strict-only. The
// program is what go build makes of the main package, its non-test files
// and their imports: when the package is analyzed with its tests, a test
// that runs the command (and so starts processes in the test binary) does
// not make the program's findings default ones; the test files' own
// descriptors are judged by the rule for tests below.
//
// A read-only descriptor of a device node that every user may open (a
// constant /dev/null, /dev/zero, /dev/full, /dev/random or /dev/urandom,
// constant flags whose access mode is O_RDONLY) grants an inheriting child
// nothing it could not open itself: strict-only.
//
// The strict profile (-strict) also reports calls whose flags are not
// constant, unless a constant part of them is known to include the flag.
//
// Tests: a descriptor without close-on-exec in test code (a _test.go file,
// a test-support package, whose non-test files use the testing package's
// types, such as a conformance suite that other packages' tests call, or a
// function that takes a *testing.T, *testing.B, *testing.F or testing.TB)
// is reported only when the
// test itself starts a child while it is open: the function that makes it
// may start a process after the creation (or anywhere in a loop around
// it; TestMain's m.Run counts when the package's tests may start one).
// Otherwise the finding is strict-only, parallel tests included: a child
// of another test holds the copy only until it exits, and the test binary
// exits soon after. A descriptor pair (a socketpair, a pipe) one end of
// which the test hands to its own child (os.NewFile, then ExtraFiles) is
// shared with that child on purpose: strict-only too, in test code only.
//
// A descriptor closed again before anything could start a process is open
// only for that window, and its finding is strict-only, in any code, when:
// it is held in a local variable and used only as an argument of syscall,
// x/sys/unix or fmt calls (never returned, stored or handed on); it is
// closed by Close, direct or deferred, in the block that creates it, with
// no return, break, continue or goto in between other than in the error
// branch right after the creation; no call between the creation and the
// close (to the function's end for a deferred one) may start a process;
// (or, for descriptors stored into the elements of a local slice that is
// only filled, ranged over and printed, closed by a later loop over the
// slice in a block around the creation, with no possible start before
// that loop ends: os's pidfd leak test); and the package's own code starts
// no process (one that forks from other
// goroutines, as a server starting sessions does, could fork inside the
// window), or the function is an init function (packages are initialized
// before main runs, and no goroutine of the program forks meanwhile). A
// deferred function literal that closes the descriptor ("defer func() {
// _ = unix.Close(fd) }()") is a deferred Close. A call may start a
// process when it is one of the calls above, calls a function of a
// standard package that may (the list), calls an exported function or
// method of another package that may (its package says which, by a
// startsProcessFunc fact, from their bodies; a test helper package that
// runs commands somewhere does not make its assertions starts), calls a
// function of this package whose body may, or has a callee that is not
// known (an interface method, a function value) in a package whose
// program may start one; a method of a standard interface sealed by an
// unexported method (testing.TB) runs only its own package's code.
package cloexec
