package imported

import (
	"io/ioutil"
	"os"

	fsm "github.com/tmplint/tmplint/shim/fsmode"
)

var _ = fsm.Create

// The package imports the shim: the fixes may use it, by the file's name
// for it.

func f(p string) {
	os.Create(p)             // want `os.Create leaves the file mode implicit`
	os.CreateTemp("", "x-*") // want `os.CreateTemp leaves the mode implicit \(0600\)`
	os.MkdirTemp(p, "x-*")   // want `os.MkdirTemp leaves the mode implicit \(0700\)`
	ioutil.TempFile("", "x") // want `ioutil.TempFile leaves the mode implicit`
	ioutil.TempDir("", "x")  // want `ioutil.TempDir leaves the mode implicit`
}

// Helper lets another package reach the shim through this one.
func Helper() {}
