//go:build !unix

package leakcheck

import "io/fs"

// fileID tells entries apart by their modification time, the best this
// platform's FileInfo offers.
func fileID(fi fs.FileInfo) string { return fi.ModTime().String() }

// tempVars are the variables os.TempDir reads on Windows (TMP first); other
// platforms ignore them, which makePrivate finds out.
var tempVars = []string{"TMP", "TEMP", "TMPDIR"}
