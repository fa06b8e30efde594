package fuzzonly // want package:"createsPkg"

// Creations that only the callback of a fuzz target with
// no seed corpus runs are strict-only (issue 26: containerd's integration
// fuzzers, run by OSS-Fuzz only); the same creations that plain go test
// runs stay reported.

import "os"

// download creates its argument: a call with a fixed shared path is
// reported at the call.
func download(path string) error { // want download:"createsAt\\(0: os.Create\\)"
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	return f.Close()
}
