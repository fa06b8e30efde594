package filemode

import (
	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/mounts"
)

// The mode of a mount point is hidden once a file system is mounted on
// it: the mounted root's mode is what users see. And a file system that
// keeps no mode bits (vfat, exfat, iso9660) gives every file the mode its
// mount options say, whatever the creation asks for. Neither mode is a
// finding (issue 26: a boot partition's mount point, a file on the EFI
// partition).

// modeUnused reports whether the mode of the call never takes effect: the
// same function mounts a file system on the call's path after it (the
// call makes or chmods the mount point), or created it in a directory on
// which it mounted a file system without mode bits before.
func (c *checker) modeUnused(call *fscall.Call) bool {
	if call.Path == nil || call.Recv != nil || c.file == nil {
		return false
	}
	body := c.enclosingBody(call.Call.Pos())
	if body == nil {
		return false
	}
	info := c.pass.TypesInfo
	ms := mounts.In(info, body)
	if len(ms) == 0 {
		return false
	}
	if call.Kind == fscall.CreateDir || call.Kind == fscall.Chmod {
		for _, m := range mounts.After(ms, call.Call.End()) {
			if samePath(info, m.Target, call.Path) {
				return true
			}
		}
	}
	dir := c.parentOf(call.Path)
	if dir == nil {
		return false
	}
	for _, m := range mounts.Before(ms, call.Call.Pos()) {
		if mounts.NoModeBits(m.FSType) && samePath(info, m.Target, dir) {
			return true
		}
	}
	return false
}
