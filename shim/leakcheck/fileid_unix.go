//go:build unix

package leakcheck

import (
	"io/fs"
	"strconv"
	"syscall"
)

// fileID returns the device, inode and type of fi ("" when it has none): an
// inode is reused at once for the next entry made, the type tells a
// directory made under a removed file's name.
func fileID(fi fs.FileInfo) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	return strconv.FormatUint(uint64(st.Dev), 10) + ":" + strconv.FormatUint(uint64(st.Ino), 10) + ":" + fi.Mode().Type().String()
}

// tempVars are the variables os.TempDir reads.
var tempVars = []string{"TMPDIR"}
