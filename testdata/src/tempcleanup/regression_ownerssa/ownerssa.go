// Package ownerssa has owner types whose creating methods and
// constructors take shapes that only the value flow shows: the creation
// stored by a closure, through a local cell, into a struct built field by
// field; an owner filled in a variable before it is returned. Each has a
// twin beside it that must get no fact.
package ownerssa

import (
	"os"
	"sync"
)

// Lazy makes its directory once, inside a closure.
type Lazy struct { // want Lazy:"ownsTemp\\(dir, releasers Close, creators Dir\\)"
	once sync.Once
	dir  string
}

func (l *Lazy) Dir() string {
	l.once.Do(func() {
		d, err := os.MkdirTemp("", "lazy")
		if err == nil {
			l.dir = d
		}
	})
	return l.dir
}

func (l *Lazy) Close() error { return os.RemoveAll(l.dir) }

// Cell stores the creation through a variable a closure also sets.
type Cell struct { // want Cell:"ownsTemp\\(dir, releasers Close, creators Prepare\\)"
	dir string
}

func (c *Cell) Prepare() error {
	var d string
	var err error
	set := func() { d, err = os.MkdirTemp("", "cell") }
	set()
	if err != nil {
		return err
	}
	c.dir = d
	return nil
}

func (c *Cell) Close() error { return os.RemoveAll(c.dir) }

// Whole is reset whole to a struct that holds the creation.
type Whole struct { // want Whole:"ownsTemp\\(dir, releasers Close, creators Reset\\)"
	dir string
	gen int
}

func (w *Whole) Reset() error {
	d, err := os.MkdirTemp("", "whole")
	if err != nil {
		return err
	}
	*w = Whole{dir: d, gen: w.gen + 1}
	return nil
}

func (w *Whole) Close() error { return os.RemoveAll(w.dir) }

// Copy's Clone makes its directory for a copy it returns, not for its
// receiver: no creator, but a constructor of a fresh owner.
type Copy struct { // want Copy:"ownsTemp\\(dir, releasers Close\\)"
	dir string
}

func (c *Copy) Clone() (*Copy, error) { // want Clone:"returnsOwner\\(0 ownerssa.Copy, holding\\)"
	d, err := os.MkdirTemp("", "copy")
	if err != nil {
		return nil, err
	}
	n := &Copy{}
	n.dir = d
	return n, nil
}

func (c *Copy) Close() error { return os.RemoveAll(c.dir) }

// Filled is made in a variable and filled before it is returned.
func Filled(name string) *Copy { // want Filled:"returnsOwner\\(0 ownerssa.Copy\\)" Filled:"borrows\\(0\\)"
	c := &Copy{}
	if name != "" {
		c.dir = ""
	}
	return c
}

var registered []*Copy

// Registered is made the same way but kept by the package too: the
// caller does not hold the only reference.
func Registered() *Copy {
	c := &Copy{}
	registered = append(registered, c)
	return c
}

// Named returns its owner by a naked return.
func Named(lazy bool) (c *Copy, err error) { // want Named:"returnsOwner\\(0 ownerssa.Copy\\)"
	if lazy {
		return
	}
	c = new(Copy)
	return
}

// Shared returns a value made elsewhere through a named result: no fact.
func Shared() (c *Copy) {
	c = registered[0]
	return
}
