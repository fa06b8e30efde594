// Package keptatexit_strict: -strict reports what keptatexit leaves to
// it, the crash report kept on success and leaked at fatal exits.
package keptatexit_strict

import (
	"log"
	"os"
)

// The crash report is kept on success, its name shown; a write error ends
// the process with the partial report on disk, as success leaves the
// whole one.
func saveCrash(data []byte) {
	f, err := os.CreateTemp("", "*.crash") // want `temp file f from os.CreateTemp is shown to the user but not removed on the 2 exits`
	if err != nil {
		log.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		os.Exit(1)
	}
	log.Fatalf("crash report saved at %s", f.Name())
}

// Removed when the work succeeds: the author means it to go, and a fatal
// exit before the removal leaves it behind.
func scratch(data []byte) {
	f, err := os.CreateTemp("", "scratch") // want `temp file f from os.CreateTemp is not removed on every path`
	if err != nil {
		log.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		log.Fatal(err)
	}
	f.Close()
	os.Remove(f.Name())
}

// Kept on success, but a return leaks it too: not only where the process
// ends.
func keepOrReturn(data []byte, ok bool) {
	dir, err := os.MkdirTemp("", "keep") // want `temp directory dir from os.MkdirTemp is shown to the user but not removed on the 2 exits that leak it`
	if err != nil {
		log.Fatal(err)
	}
	if !ok {
		return
	}
	if err := os.WriteFile(dir+"/data", data, 0o600); err != nil {
		log.Fatal(err)
	}
	log.Printf("data kept in %s", dir)
}
