// Package mountfacts defines an Analyzer that finds the functions that
// mount a file system at a path given by one of their parameters, or under
// it.
//
// # Analyzer mountfacts
//
// mountfacts: find functions that mount at or under a parameter (reports nothing)
//
// A mount is a call of syscall.Mount or golang.org/x/sys/unix.Mount, whose
// target is its second argument, or a call of a function that carries a
// mountsAt fact, whose targets are the arguments of the parameters the fact
// lists. A function or method of the analyzed package carries the fact
// for its parameter i when a mount in its body (outside function
// literals) has a target that mentions parameter i, directly or through
// local variables assigned from expressions that mention it
// (filepath.Join(dir, "dev")). The facts of a package are computed to a
// fixed point, so a chain of helpers (a loop device's Mount calling the
// package's Mount calling unix.Mount) is followed, within and across
// packages.
//
// Result.Targets returns, for a call, the target expressions it mounts
// on: the analyses that remove temp directories (tempcleanup) use it to
// withhold a recursive removal of a directory with a file system mounted
// under it.
//
// A second fact, unmountsAt, marks the functions whose body unmounts
// (syscall.Unmount, unix.Unmount, or a function with the fact) a target
// made from their receiver or a parameter: u-root's (*MountPoint).Unmount
// unmounts mp.Path. Result.UnmountsReceiver says whether a method call
// unmounts its receiver, so that a caller keeping a mount point in a local
// variable and unmounting it is known to hand nothing on.
//
// Cost: a package that imports neither syscall nor x/sys/unix nor a
// package whose functions mount (a package fact says so) is not walked.
package mountfacts
