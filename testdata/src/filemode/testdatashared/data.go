// Package testdatashared: in tests, a wide creation mode of test data in
// shared temp is strict-only unless other users can write into it; the
// same creations in production code are reported.
package testdatashared

import "os"

func production() {
	os.WriteFile("/tmp/app.json", nil, 0o644) // want `in shared temp dir with mode 0o644 makes the file readable by any local user`
	os.Create("/tmp/app.log")                 // want `in shared temp dir creates the file with mode 0666 before umask`
}
