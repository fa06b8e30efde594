// Package leakcheck fails a test run that leaves temp entries, descriptors or
// child processes behind: the runtime counterpart of tmplint's analyzers,
// in plain testing, the way go.uber.org/goleak does it for goroutines.
//
// Static analysis proves what it can see; a test run sees what happened.
// A team can gate on both: tmplint in CI for the shapes it can prove, and this
// package in the tests for the leaks that got past it (through interfaces,
// reflection, cgo, code nothing is known about).
//
// For a whole package, call VerifyTestMain from TestMain:
//
//	func TestMain(m *testing.M) {
//		leakcheck.VerifyTestMain(m)
//	}
//
// It points TMPDIR at a fresh private directory for the run (so every
// os.TempDir, os.CreateTemp("", …), os.MkdirTemp("", …) and t.TempDir of the
// code under test lands there), runs the tests, and then exits non-zero,
// naming each one, when
//
//   - anything is left in that directory (its path, kind, size and mode;
//     a directory tree summarised by its counts and a few of its paths);
//   - a descriptor is open that was not open at the start (its number and what
//     it is: the file's path, pipe:[inode], socket:[inode], anon_inode:[…]);
//   - a child process of the test binary still runs or was never waited for
//     (a zombie), with its pid, state and command line.
//
// A test framework whose main takes the m and exits itself gets a wrapped one:
// testscript.Main(leakcheck.Wrap(m), commands).
//
// For one test, call Verify at its start; the check runs in a t.Cleanup. It
// checks descriptors and children the same way, and temp entries that the test
// created in the package's private TMPDIR and did not remove (so only under
// VerifyTestMain: the shared /tmp holds every other process's files). Directories
// of t.TempDir are not leaks, whatever the order of the calls: the testing
// package removes them in its own cleanup, which runs before Verify's check when
// t.TempDir was first called after Verify, and when it was called before, the
// directory was already there when Verify looked.
//
// Descriptors closed by a finalizer, and children reaped by a goroutine, may
// lag behind the end of a test: a check that finds descriptors or children
// runs the garbage collector and looks again for up to a second (see Settle)
// before it reports them. The runtime's own descriptors (the network poller's
// epoll or kqueue and its wakeup descriptor, opened lazily on first use) are
// made before the first look, so they are never new; pidfds, which the os
// package holds for each started process until it is waited, are left out
// (the child itself is reported).
//
// Each message names the fix the shim offers (t.TempDir or a session from
// shim/session for temp space, proc.Start from shim/proc for children and the
// files handed to them) and the analyzer that reports the shape statically
// (tempcleanup, execfd, cloexec). A known leak is ignored with IgnorePath,
// IgnoreFD or IgnoreCommand, each with the reason.
//
// # Platforms
//
// Linux reads /proc/self/fd and /proc/*/stat. Other Unix systems list
// descriptors from /dev/fd when it shows them all (else they probe each number
// with fcntl) and find children with ps(1). Where a check cannot run, it says
// so once (on standard error for VerifyTestMain, in the test log for Verify)
// instead of passing in silence.
//
// # What it cannot see
//
// Leaks outside the test binary's lifetime (a file removed by the next run,
// a daemon started by a child), other processes' files and descriptors
// (a grandchild whose parent exited is no longer our child; the go command's
// own temp space), descriptors that were open when the check started (those
// inherited from the shell or the go command), and, for Verify, whatever tests
// running in parallel with the checked one did meanwhile: call Verify only in
// tests that do not run in parallel with others that make such resources.
// A test binary that crashes or is killed leaves its private TMPDIR
// (leakcheck-*) behind; on Unix systems the next VerifyTestMain
// removes it once it is a minute old, as no live owner holds the flock that
// each run keeps on its own (which also keeps systemd-tmpfiles away from it).
package leakcheck
