// Package filemode defines an Analyzer that reports implicit or
// over-permissive file modes.
//
// # Analyzer filemode
//
// filemode: report implicit or over-permissive file and directory modes
//
// The analyzer examines the calls that create files and directories or
// set their modes: os.Create, os.OpenFile (when its flags include or may
// include O_CREATE), os.WriteFile, ioutil.WriteFile, os.Mkdir, os.MkdirAll,
// os.Chmod, (*os.File).Chmod, the same methods of *os.Root, os.CreateTemp,
// os.MkdirTemp, ioutil.TempFile, ioutil.TempDir, the mode arguments of
// the syscall and golang.org/x/sys/unix functions Open, Openat, Creat,
// Mkdir, Mkdirat, Chmod, Fchmod, Fchmodat, Mkfifo, Mkfifoat, Mknod,
// Mknodat and Umask, and the binds that create a unix socket (net.Listen
// and net.ListenPacket with a unix network, net.ListenUnix,
// net.ListenUnixgram, net.ListenConfig's methods, syscall/unix Bind with a
// SockaddrUnix).
//
// By default it reports:
//
//   - a chmod to a world-writable mode (other-write set, sticky bit not
//     set): chmod is exact, no umask narrows it. A path inside a private
//     temp directory is exempt: no other user can reach it. Note that os.Chmod takes
//     an os.FileMode, whose sticky bit is os.ModeSticky: os.Chmod(dir,
//     0o1777) sets 0o777, a world-writable directory without the sticky bit;
//   - a umask that lets other-write through, such as syscall.Umask(0).
//     When the mask is only read (old := syscall.Umask(0) followed at once
//     by syscall.Umask(old), through conversions too, as in "Mask =
//     fs.FileMode(unix.Umask(0)); unix.Umask(int(Mask))", or
//     syscall.Umask(syscall.Umask(0)) not deferred), it is open only
//     between the two calls: the message says
//     that other goroutines' files in that window are exposed, not all
//     files created afterwards;
//     a mask saved and restored by a defer (old := syscall.Umask(0); defer
//     syscall.Umask(old), or defer syscall.Umask(syscall.Umask(0))) is
//     open until the function returns, and the message says so. Such a
//     restored mask (read, or saved and restored by a defer) is reported
//     only when a goroutine of the package may run while it is cleared:
//     the function belongs to a parallel test (it calls t.Parallel, or a
//     function that does calls or names it), or, for a deferred restore,
//     a go statement follows the Umask call in the function or in a
//     function of the package it calls after it; otherwise it is
//     strict-only. Goroutines that other code started before the call are
//     not seen: -strict reports the window for programs that have them. A
//     mask cleared and restored is cleared on purpose (exact modes for
//     /dev, a conformance suite), so the hint says to Chmod each object
//     after creating it, never to keep 0o002 in the mask. In a test, which
//     clears the mask on purpose to check exact modes, the hint never says
//     to keep a narrower mask: it says to restore the mask when the test
//     ends and not to run the test in parallel with tests that create
//     files. A read of the mask in the initializer of a package-level
//     variable or in func init runs before main, in one goroutine, and is
//     strict-only;
//   - a decimal literal that reads as octal, such as 644 for 0o644 (644 is
//     0o1204); the fix writes the octal literal;
//   - (a chmod of a device node, a constant path under /dev but /dev/shm,
//     is strict-only: its mode says who may open the device, and the
//     driver decides what they can do; a Umask saved and restored by a
//     defer right after it is reported as open until the function
//     returns, not for the rest of the program;)
//   - os.ModePerm or fs.ModePerm as the mode of a file (not a directory):
//     the mask of every permission bit makes the file executable and, under
//     a permissive umask, writable by anyone; no fix is offered, since only
//     the author knows whether the file is data (0o644) or a program
//     (0o755); in tests it is strict-only (test data in the test's own
//     directory);
//   - in a shared temp location (a path built from os.TempDir(), $TMPDIR or
//     a literal under /tmp, /var/tmp or /dev/shm), a file mode wider than
//     the -file policy (0600) or a directory mode wider than the -dir policy
//     (0700), including os.Create, whose mode is 0666 before the umask, and
//     chmod. The umask is not assumed to help. The fix uses the policy mode;
//     for os.Create it is os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC,
//     0o600). Paths inside a directory this code created private
//     (os.MkdirTemp, t.TempDir()) are not shared, and writing to the name
//     of the file os.CreateTemp made creates nothing, so its mode is unused.
//     A FIFO (Mkfifo, Mknod) is judged as a file: a FIFO of 0o666 in
//     $TMPDIR lets another user read the data written to it;
//   - in a shared temp location, a unix socket that other users can
//     connect to, when the function sets the umask before the bind (old :=
//     syscall.Umask(0), or defer syscall.Umask(syscall.Umask(m)), in a
//     statement that runs before the bind on every path): a socket has no
//     mode argument, its mode is 0777 less the umask, and connect(2)
//     needs write permission, so a umask without 0o002 (0o020) lets any
//     user (the group) connect.
//
// A socket or FIFO inside a directory the function itself made private is
// out of other users' reach, whatever its own mode: a chmod that opens it
// to others, and a bind under a umask that does, are strict-only when the
// node's path is filepath.Join(dir, name) (path.Join, dir + "/name") and
// the same function gets dir from os.MkdirTemp, or makes it with os.Mkdir
// (syscall/unix Mkdir) or chmods it, with a mode that grants the group and
// others nothing. os.MkdirAll alone proves nothing: it leaves a directory
// that exists as it is.
//
// The same holds several levels down, where the path is built far from the
// chmod: the walk goes up the path's construction — local variables,
// joins (filepath.Join, path.Join, securejoin.SecureJoin), every value the
// package stores into a struct field or variable, parameters — and stops
// at a directory that code anywhere in the package makes private: with
// os.Mkdir or a chmod, or, above the node's own directory, with
// os.MkdirAll (a root the program makes 0700 and then makes its own
// directories in, as runc's /run/runc with <root>/<id>/exec.fifo: the FIFO
// is 0622 for the container's uid after setuid, and no other user can
// search the root).
//
// The root may be made private in another package: a function that makes
// its parameter private (itself, or by passing it to one that does)
// carries a privateParams fact, and the arguments of its calls are
// private roots of the caller. And a setting read by constant key (a call
// whose arguments are all constants and whose one result is a string, as
// ctx.GlobalString("root") or os.Getenv("DIR")) names one path wherever it
// is read: the program that hands ctx.GlobalString("root") to a
// constructor making it 0700 (runc's libcontainer.Create) and joins
// ctx.GlobalString("root") with an id for its notify socket (chmodded
// 0777 for the container) keeps that socket out of other users' reach.
//
// A mode that never takes effect is not judged: that of a directory the
// same function then mounts a file system on (syscall.Mount or unix.Mount
// with that path as the target: the mounted root's mode is what users
// see), made or chmodded before the mount; and that of a file created
// directly in a directory on which the function mounted a file system
// without mode bits (vfat, msdos, exfat, ntfs, iso9660, udf), whose mount
// options decide every mode.
//
// A creation at a predictable name in shared temp (a constant, or one built
// from a pid, a time or a counter, created without O_EXCL) is temppath's
// finding on the same call: another user can take the name first, and its
// fix (os.CreateTemp, os.MkdirTemp) also makes the object private. When the
// mode lets other users only read the file or list the directory (as the
// 0666 of os.Create is taken to), the mode is folded into that finding and
// reported only under -strict: a maintainer fixes the line once. A mode
// that lets others write into the object keeps its finding (the program
// then reads what another user may have put there, and a fixed directory
// that must keep its name is told by temppath to check its owner, which
// does not narrow its mode), and so does a creation inside a directory
// made at a predictable name, which that directory's finding counts.
//
// Creation modes elsewhere (0666 files, 0777 directories: the Go
// convention of letting the umask decide) are not reported by default.
//
// A mode in shared temp is judged once per directory the code makes there
// at a predictable name, as temppath does for names. A creation strictly
// inside such a directory is exposed through it: when the directory's
// first creation in the function (in the package, for a path from a
// package-level constant or variable) has a mode within the -dir policy,
// what follows inside it is out of other users' reach and is not
// reported, whatever its own mode (the directory's name, which another
// user can take first, is temppath's finding); when that creation's mode
// is too wide, the creations inside are folded into its finding, counted
// in its message and listed as related information, since its fix
// protects them. A second creation of the same directory, a sibling, or a
// file in a directory the code only assumes exists keeps its own finding:
// narrowing another mode does not narrow it. Mode mistakes that do not
// depend on the directory — a decimal literal that reads as octal, a
// umask, a chmod — are reported where they are, with their fixes.
//
// The strict profile (-strict) adds: every creation must state an explicit
// mode (os.Create, os.CreateTemp, os.MkdirTemp, ioutil.TempFile and
// ioutil.TempDir are reported, with the explicit-mode function of package
// github.com/tmplint/tmplint/shim/fsmode as the fix when the package's
// imports already reach that package, since an import the module does not
// require would break the build; otherwise os.Create gets os.OpenFile with
// the mode, and the temp creations a hint without an edit); a mode that is not a
// constant is reported unless its value is known to be within the policy
// (a variable every assignment of which is within it, or a mask such as
// perm&0o600), and a Umask mask that is not a constant is reported unless
// it is what an earlier Umask returned (old := syscall.Umask(0); defer
// syscall.Umask(old) puts back the mask the process had: the call that
// cleared it is the one judged); and the policy applies everywhere, not
// only in shared temp.
//
// A mode is wider than a policy when it grants the group or others a
// permission the policy does not; the owner's bits are not judged (a 0700
// executable is within the 0600 file policy), and the fix keeps them:
// 0o755 becomes 0o700. The message names what the extra bits really
// allow: a directory's write bit lets a class create or delete entries
// only with its search (x) bit, so a directory of 0o666 is reported as
// readable (listable) by others, not writable.
//
// Tests: in test code (a _test.go file, or a test-support package, whose
// non-test files use the testing package's types, such as a conformance
// suite that other packages' tests call; a package that only calls
// testing.Testing() is production code), a umask and a chmod that opens a
// file or directory to others are what a test of permission handling
// exercises on its own objects, so they are reported only under -strict; a
// chmod of a shared temp location by a predictable name, which other users
// can reach, is still reported. The other rules (a decimal literal that
// reads as octal, the sticky bit of an os.FileMode, modes in shared temp)
// apply to tests as to any code, but one: a creation in shared temp
// (os.Create, os.WriteFile, os.Mkdir and the others) whose mode lets other
// users only read the file or list the directory is test data, reported
// only under -strict; a mode that lets them write into it (a file writable
// by the group or others, a directory they can both write and search) is
// still reported, since the test then trusts what another user may have put
// there. os.Create is taken as readable, as its message says. And in a
// test, a creation at a predictable name in shared temp (without O_EXCL) is
// temppath's finding on the same call, whose fix (os.CreateTemp,
// os.MkdirTemp) also makes the object private: its mode is folded into that
// finding and reported only under -strict, writable or not.
//
// Flags:
//
//	-file 0600   the widest mode a file may be created with
//	-dir 0700    the widest mode a directory may be created with
//	-strict      the strict profile
package filemode
