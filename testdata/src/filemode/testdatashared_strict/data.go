// Package testdatashared_strict is testdatashared under -strict, where
// test data in shared temp is reported too.
package testdatashared_strict

import "os"

func production() {
	os.WriteFile("/tmp/app.json", nil, 0o644) // want `in shared temp dir with mode 0o644 makes the file readable by any local user`
	os.Create("/tmp/app.log")                 // want `in shared temp dir creates the file with mode 0666 before umask`
}
