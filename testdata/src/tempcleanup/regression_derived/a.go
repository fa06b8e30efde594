// Package regression_derived pins a false positive found in cmd/cover: a
// temp directory whose file is handed to other code (a browser) or shown
// to the user is handed off with it. Removing a path inside the directory
// does not remove the directory.
package regression_derived

import (
	"fmt"
	"os"
	"path/filepath"
)

var open func(url string) bool

func htmlOutput(data []byte) error {
	dir, err := os.MkdirTemp("", "cover")
	if err != nil {
		return err
	}
	out, err := os.Create(filepath.Join(dir, "coverage.html"))
	if err != nil {
		os.RemoveAll(dir)
		return err
	}
	out.Write(data)
	out.Close()
	if !open("file://" + out.Name()) {
		fmt.Printf("HTML output written to %s\n", out.Name())
	}
	return nil
}

func removesInside() {
	dir, err := os.MkdirTemp("", "x") // want `not removed on any path`
	if err != nil {
		return
	}
	p := filepath.Join(dir, "f")
	os.WriteFile(p, nil, 0o600)
	os.Remove(p)
}
