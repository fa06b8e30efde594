// Package bodies: a form built with the bodies of the functions whose doc
// comment says "kept" only.
package bodies

import "os"

var table = build() // not initialized: the initializer is not built

func build() []string { return []string{"a"} } // want `build: no body`

// kept.
func Kept(dir string) { // want `Kept: body, calls Other, Kept\$1`
	cleanup := func() { os.Remove(dir) } // want `Kept\$1: body, calls Remove`
	Other(dir)
	cleanup()
}

func Other(dir string) { os.RemoveAll(dir) } // want `Other: no body`

type T struct{ dir string }

// kept.
func (t *T) Close() error { return os.RemoveAll(t.dir) } // want `Close: body, calls RemoveAll`

func (t *T) Open() error { return os.MkdirAll(t.dir, 0o700) } // want `Open: no body`
