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

// A literal in an initializer that is not kept has no function at all;
// one in a kept initializer has a body, as do the literals nested in it.
var notKept = func(dir string) { os.Remove(dir) }

// kept.
var run = func(dir string) error { // want `init\$1: body, calls RemoveAll`
	return os.RemoveAll(dir)
}

// kept.
var (
	hooks = []func(string){
		func(dir string) { // want `init\$2: body, calls $`
			defer func() { os.Remove(dir) }() // want `init\$2\$1: body, calls Remove`
		},
	}
)

// A generic function has a body of its own, built with its type
// parameters, when it is kept.

// kept.
func Generic[T any](dir string, v T) { os.RemoveAll(dir) } // want `Generic: body, calls RemoveAll`

func GenericOther[T any](dir string) { os.RemoveAll(dir) } // want `GenericOther: no body`

type Box[T any] struct{ dir string }

// kept.
func (b *Box[T]) Close() error { return os.RemoveAll(b.dir) } // want `Close: body, calls RemoveAll`
