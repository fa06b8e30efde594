package cloexec

import (
	"go/constant"
	"path"
)

// A child that inherits a descriptor gets what the descriptor grants: a
// file it could not open itself, a socket or pipe end whose peer then
// never sees EOF, a lock. A device node that every user may open for
// reading (the kernel makes /dev/null, /dev/zero, /dev/full, /dev/random
// and /dev/urandom mode 0666), opened read-only, grants nothing of the
// kind: the child can open the same file with the same access itself, and
// reading it affects no one. The finding is strict-only (u-root's
// pkg/rand keeps a /dev/urandom descriptor open for the program's life; a
// strict maintainer calls it harmless). Only a constant path counts, and
// only read-only access: a writable /dev/null descriptor grants no more,
// but one more rule would buy nothing.

// worldReadableDevices are the device nodes every user may open.
var worldReadableDevices = map[string]bool{
	"/dev/null":    true,
	"/dev/zero":    true,
	"/dev/full":    true,
	"/dev/random":  true,
	"/dev/urandom": true,
}

// opensWorldReadable reports whether the site is an Open or Openat of a
// constant path naming such a device, with constant read-only flags.
func (c *checker) opensWorldReadable(s *site) bool {
	var pathArg, flagsArg int
	switch s.fn.Name() {
	case "Open":
		pathArg, flagsArg = 0, 1
	case "Openat":
		pathArg, flagsArg = 1, 2
	default:
		return false
	}
	if flagsArg >= len(s.call.Args) {
		return false
	}
	tv, ok := c.pass.TypesInfo.Types[s.call.Args[pathArg]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	name := constant.StringVal(tv.Value)
	if path.Clean(name) != name || !worldReadableDevices[name] {
		return false
	}
	flags, ok := c.constant(s.call.Args[flagsArg])
	accMode, ok2 := pkgConst(s.pkg, "O_ACCMODE")
	rdonly, ok3 := pkgConst(s.pkg, "O_RDONLY")
	return ok && ok2 && ok3 && flags&accMode == rdonly
}
