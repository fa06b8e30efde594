// Package regression_ownershapes: constructors that make a temp directory
// and return it in a fresh owner, however they fill the owner's field (a
// composite literal, a field store, a setter, a struct copied in whole, a
// creating method; through phis and named results). A caller that drops
// the owner without calling its Close leaves the directory on disk; one
// that defers Close does not (issue 25, ownership on the SSA form).
// The same constructors, with their facts, are in regression_ownershapeslib,
// whose callers in another package are regression_ownershapescaller.
package regression_ownershapes

import (
	"errors"
	"os"
)

func check() error { return errors.New("check") }

// Lit is filled by a composite literal.
type Lit struct{ dir string }

func (l *Lit) Close() error { return os.RemoveAll(l.dir) }

func NewLit() (*Lit, error) {
	d, err := os.MkdirTemp("", "lit")
	if err != nil {
		return nil, err
	}
	return &Lit{dir: d}, nil
}

// Store is made empty and its field stored.
type Store struct{ dir string }

func (s *Store) Close() error { return os.RemoveAll(s.dir) }

func NewStore() (*Store, error) {
	d, err := os.MkdirTemp("", "store")
	if err != nil {
		return nil, err
	}
	s := &Store{}
	s.dir = d
	return s, nil
}

// Set is filled through its setter.
type Set struct{ dir string }

func (s *Set) setDir(d string) { s.dir = d }

func (s *Set) Close() error { return os.RemoveAll(s.dir) }

func NewSet() (*Set, error) {
	d, err := os.MkdirTemp("", "set")
	if err != nil {
		return nil, err
	}
	s := &Set{}
	s.setDir(d)
	return s, nil
}

// Whole is assigned a struct built whole.
type Whole struct {
	dir  string
	mode int
}

func (w *Whole) Close() error { return os.RemoveAll(w.dir) }

func NewWhole(mode int) (*Whole, error) {
	d, err := os.MkdirTemp("", "whole")
	if err != nil {
		return nil, err
	}
	w := &Whole{}
	*w = Whole{dir: d, mode: mode}
	return w, nil
}

// Lazy makes its directory in its creating method init.
type Lazy struct{ dir string }

func (l *Lazy) init() error {
	d, err := os.MkdirTemp("", "lazy")
	if err != nil {
		return err
	}
	l.dir = d
	return nil
}

func (l *Lazy) Close() error { return os.RemoveAll(l.dir) }

func NewLazy() (*Lazy, error) {
	l := &Lazy{}
	if err := l.init(); err != nil {
		return nil, err
	}
	return l, nil
}

// Phi's constructor makes the owner on two branches.
type Phi struct {
	dir    string
	shared bool
}

func (p *Phi) Close() error { return os.RemoveAll(p.dir) }

func NewPhi(shared bool) (*Phi, error) {
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
type Named struct{ dir string }

func (n *Named) Close() error { return os.RemoveAll(n.dir) }

func NewNamed() (n *Named, err error) {
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
func NewRemoved() (*Store, error) {
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

// NewHooked calls a function value before it returns its owner: the
// owner holds the directory all the same.
func NewHooked(hook func()) (*Lit, error) {
	d, err := os.MkdirTemp("", "lit")
	if err != nil {
		return nil, err
	}
	hook()
	return &Lit{dir: d}, nil
}

func useHooked() error {
	l, err := NewHooked(func() {})
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory from NewHooked is held by l.dir, which this return drops without removing it, so it stays on disk: call l.Close\(\) before returning`
	}
	return l.Close()
}

func useHookedDefers() error {
	l, err := NewHooked(func() {})
	if err != nil {
		return err
	}
	defer l.Close()
	return check()
}

// hookedCount works in a directory it removes, and calls a function
// value: ReturnsOwner looks at its calls for a creating method and finds
// one without a callee it knows.
func hookedCount(hook func(int)) (int, error) {
	d, err := os.MkdirTemp("", "hooked")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(d)
	hook(1)
	return 1, nil
}

func useHookedCount() error {
	n, err := hookedCount(func(int) {})
	if err != nil || n == 0 {
		return err
	}
	return check()
}

// The callers in this package: each drops one owner on its error path
// (a finding) and defers Close on another (none).

func useLit() error {
	l, err := NewLit()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory from NewLit is held by l.dir, which this return drops without removing it, so it stays on disk: call l.Close\(\) before returning`
	}
	return l.Close()
}

func useLitDefers() error {
	l, err := NewLit()
	if err != nil {
		return err
	}
	defer l.Close()
	return check()
}

func useStore() error {
	s, err := NewStore()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory from NewStore is held by s.dir, which this return drops without removing it, so it stays on disk: call s.Close\(\) before returning`
	}
	return s.Close()
}

func useStoreDefers() error {
	s, err := NewStore()
	if err != nil {
		return err
	}
	defer s.Close()
	return check()
}

func useSet() error {
	s, err := NewSet()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory from NewSet is held by s.dir, which this return drops without removing it, so it stays on disk: call s.Close\(\) before returning`
	}
	return s.Close()
}

func useSetDefers() error {
	s, err := NewSet()
	if err != nil {
		return err
	}
	defer s.Close()
	return check()
}

func useWhole() error {
	w, err := NewWhole(1)
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory from NewWhole is held by w.dir, which this return drops without removing it, so it stays on disk: call w.Close\(\) before returning`
	}
	return w.Close()
}

func useWholeDefers() error {
	w, err := NewWhole(1)
	if err != nil {
		return err
	}
	defer w.Close()
	return check()
}

func useLazy() error {
	l, err := NewLazy()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory from NewLazy is held by l.dir, which this return drops without removing it, so it stays on disk: call l.Close\(\) before returning`
	}
	return l.Close()
}

func useLazyDefers() error {
	l, err := NewLazy()
	if err != nil {
		return err
	}
	defer l.Close()
	return check()
}

func usePhi(shared bool) error {
	p, err := NewPhi(shared)
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory from NewPhi is held by p.dir, which this return drops without removing it, so it stays on disk: call p.Close\(\) before returning`
	}
	return p.Close()
}

func usePhiDefers(shared bool) error {
	p, err := NewPhi(shared)
	if err != nil {
		return err
	}
	defer p.Close()
	return check()
}

func useNamed() error {
	n, err := NewNamed()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory from NewNamed is held by n.dir, which this return drops without removing it, so it stays on disk: call n.Close\(\) before returning`
	}
	return n.Close()
}

func useNamedDefers() error {
	n, err := NewNamed()
	if err != nil {
		return err
	}
	defer n.Close()
	return check()
}

func useNamedDeferred() error {
	n, err := NewNamedDeferred()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory from NewNamedDeferred is held by n.dir, which this return drops without removing it, so it stays on disk: call n.Close\(\) before returning`
	}
	return n.Close()
}

func useNamedDeferredDefers() error {
	n, err := NewNamedDeferred()
	if err != nil {
		return err
	}
	defer n.Close()
	return check()
}

// The owners of these hold nothing: no finding.
func useRemoved() error {
	s, err := NewRemoved()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return s.Close()
}

func useDeferredRemoval() error {
	s, err := NewDeferredRemoval()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return s.Close()
}
