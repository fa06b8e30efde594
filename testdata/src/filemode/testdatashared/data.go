// Package testdatashared: in tests, a wide creation mode of test data in
// shared temp is strict-only unless other users can write into it; the
// same creations in production code are reported.
package testdatashared

import "os"

func production() {
	os.WriteFile("/tmp/app.json", nil, 0o644) // not reported: a predictable name, temppath's finding
	os.Create("/tmp/app.log")                 // not reported: a predictable name, temppath's finding
}
