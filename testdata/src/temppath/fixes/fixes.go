package fixes

import (
	"os"
	"path/filepath"
)

func files() {
	os.Create(filepath.Join(os.TempDir(), "x.log"))                      // want `os.Create at a predictable name`
	os.Create("/tmp/report.csv")                                         // want `os.Create at a predictable name`
	os.Create(os.TempDir() + "/.hidden")                                 // want `os.Create at a predictable name`
	os.OpenFile("/var/tmp/out", os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600) // want `os.OpenFile at a predictable name`
	// No fix: appending.
	os.OpenFile("/var/tmp/app.log", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600) // want `os.OpenFile at a predictable name`
	// No fix: the name is used below.
	os.Create(filepath.Join(os.TempDir(), "shared.txt")) // want `os.Create at a predictable name`
	os.ReadFile(filepath.Join(os.TempDir(), "shared.txt"))
	// No fix: /tmp/app is not a temp root.
	os.Create(filepath.Join("/tmp/app", "y")) // want `os.Create at a predictable name`
}

func dirs() error {
	dir := filepath.Join(os.TempDir(), "work")
	if err := os.MkdirAll(dir, 0o700); err != nil { // want `os.MkdirAll at a predictable name`
		return err
	}
	return nil
}

func dirs2() error {
	// No fix: the block declares its own err.
	var err error
	other := filepath.Join(os.TempDir(), "other")
	if err := os.MkdirAll(other, 0o700); err != nil { // want `os.MkdirAll at a predictable name`
		return err
	}
	_ = err
	// No fix: the path is not held in a variable.
	os.MkdirAll("/tmp/cache", 0o700) // want `os.MkdirAll at a predictable name`
	return nil
}
