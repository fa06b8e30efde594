// Package regression_ownershapes: constructors that make a temp directory
// and return it in a fresh owner, however they fill the owner's field (a
// composite literal, a field store, a setter, a struct copied in whole, a
// creating method; through phis and named results). A caller that drops
// the owner without calling its Close leaves the directory on disk; one
// that defers Close does not (issue 25, ownership on the SSA form).
// This package holds the constructors of regression_ownershapes with their
// facts; their callers in another package are regression_ownershapescaller.
package regression_ownershapeslib

import (
	"errors"
	"os"
)

func check() error { return errors.New("check") }

// Lit is filled by a composite literal.
type Lit struct{ dir string } // want Lit:"ownsTemp\\(dir, releasers Close\\)"

func (l *Lit) Close() error { return os.RemoveAll(l.dir) }

func NewLit() (*Lit, error) { // want NewLit:"returnsOwner\\(0 regression_ownershapeslib.Lit, holding\\)"
	d, err := os.MkdirTemp("", "lit")
	if err != nil {
		return nil, err
	}
	return &Lit{dir: d}, nil
}

// Store is made empty and its field stored.
type Store struct{ dir string } // want Store:"ownsTemp\\(dir, releasers Close\\)"

func (s *Store) Close() error { return os.RemoveAll(s.dir) }

func NewStore() (*Store, error) { // want NewStore:"returnsOwner\\(0 regression_ownershapeslib.Store, holding\\)"
	d, err := os.MkdirTemp("", "store")
	if err != nil {
		return nil, err
	}
	s := &Store{}
	s.dir = d
	return s, nil
}

// Set is filled through its setter.
type Set struct{ dir string } // want Set:"ownsTemp\\(dir, releasers Close\\)"

func (s *Set) setDir(d string) { s.dir = d } // want setDir:"releases\\(0\\)" setDir:"takes\\(0\\)" setDir:"setsField\\(param 0 into receiver.dir\\)"

func (s *Set) Close() error { return os.RemoveAll(s.dir) }

func NewSet() (*Set, error) { // want NewSet:"returnsOwner\\(0 regression_ownershapeslib.Set, holding\\)"
	d, err := os.MkdirTemp("", "set")
	if err != nil {
		return nil, err
	}
	s := &Set{}
	s.setDir(d)
	return s, nil
}

// Whole is assigned a struct built whole.
type Whole struct { // want Whole:"ownsTemp\\(dir, releasers Close\\)"
	dir  string
	mode int
}

func (w *Whole) Close() error { return os.RemoveAll(w.dir) }

func NewWhole(mode int) (*Whole, error) { // want NewWhole:"returnsOwner\\(0 regression_ownershapeslib.Whole, holding\\)"
	d, err := os.MkdirTemp("", "whole")
	if err != nil {
		return nil, err
	}
	w := &Whole{}
	*w = Whole{dir: d, mode: mode}
	return w, nil
}

// Lazy makes its directory in its creating method init.
type Lazy struct{ dir string } // want Lazy:"ownsTemp\\(dir, releasers Close, creators init\\)"

func (l *Lazy) init() error {
	d, err := os.MkdirTemp("", "lazy")
	if err != nil {
		return err
	}
	l.dir = d
	return nil
}

func (l *Lazy) Close() error { return os.RemoveAll(l.dir) }

func NewLazy() (*Lazy, error) { // want NewLazy:"returnsOwner\\(0 regression_ownershapeslib.Lazy, holding\\)"
	l := &Lazy{}
	if err := l.init(); err != nil {
		return nil, err
	}
	return l, nil
}

// Phi's constructor makes the owner on two branches.
type Phi struct { // want Phi:"ownsTemp\\(dir, releasers Close\\)"
	dir    string
	shared bool
}

func (p *Phi) Close() error { return os.RemoveAll(p.dir) }

func NewPhi(shared bool) (*Phi, error) { // want NewPhi:"returnsOwner\\(0 regression_ownershapeslib.Phi, holding\\)"
	d, err := os.MkdirTemp("", "phi")
	if err != nil {
		return nil, err
	}
	var p *Phi
	if shared {
		p = &Phi{dir: d, shared: true}
	} else {
		p = &Phi{dir: d}
	}
	return p, nil
}

// Named's constructor fills its named result and returns it by a naked
// return; NamedDeferred's also cleans up on error in a deferred literal
// that captures the result.
type Named struct{ dir string } // want Named:"ownsTemp\\(dir, releasers Close\\)"

func (n *Named) Close() error { return os.RemoveAll(n.dir) }

func NewNamed() (n *Named, err error) { // want NewNamed:"returnsOwner\\(0 regression_ownershapeslib.Named, holding\\)"
	d, err := os.MkdirTemp("", "named")
	if err != nil {
		return
	}
	n = &Named{}
	n.dir = d
	return
}

func NewNamedDeferred() (n *Named, err error) {
	d, err := os.MkdirTemp("", "named")
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			n.Close()
			n = nil
		}
	}()
	n = &Named{dir: d}
	err = check()
	return
}

// NewRemoved removes the directory it made before it returns the owner
// (a dry run): the owner holds nothing, and callers owe nothing.
func NewRemoved() (*Store, error) { // want NewRemoved:"returnsOwner\\(0 regression_ownershapeslib.Store\\)"
	d, err := os.MkdirTemp("", "store")
	if err != nil {
		return nil, err
	}
	os.RemoveAll(d)
	return &Store{dir: d}, nil
}

// NewDeferredRemoval removes it when it returns: the same.
func NewDeferredRemoval() (*Store, error) {
	d, err := os.MkdirTemp("", "store")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(d)
	return &Store{dir: d}, nil
}

// Scratch's Close removes dir, not the scratch directory its constructor
// makes and keeps: the value holds nothing its Close would remove (the
// store is the constructor's own finding), so no "holding".
type Scratch struct { // want Scratch:"ownsTemp\\(dir, releasers Close\\)"
	dir, scratch string
}

func (s *Scratch) Close() error { return os.RemoveAll(s.dir) }

func NewScratch() (*Scratch, error) { // want NewScratch:"returnsOwner\\(0 regression_ownershapeslib.Scratch\\)"
	d, err := os.MkdirTemp("", "scratch")
	if err != nil {
		return nil, err
	}
	return &Scratch{scratch: d}, nil
}
