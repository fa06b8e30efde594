// Package regression_setter stores temp directories into the fields of
// owners through setters (issue 25, fields across methods): a call of a
// method or function that stores its parameter into a field of another
// parameter is a store into that field, judged as "s.dir = d" is.
// Negative cases sit beside the positive ones.
package regression_setter

import (
	"errors"
	"log"
	"os"
)

func check() error { return errors.New("check") }

// S removes what setDir stores, in Close.
type S struct{ dir string }

func (s *S) setDir(d string) { s.dir = d }

// SetDir sets the field through another setter.
func (s *S) SetDir(d string) { s.setDir(d) }

func (s *S) Close() error { return os.RemoveAll(s.dir) }

// New hands the directory to S.dir, which Close releases: no finding.
func New() (*S, error) {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	s := &S{}
	s.setDir(d)
	return s, nil
}

// newDrops drops the owner on its error path, as with s.dir = d.
func newDrops() (*S, error) {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	s := &S{}
	s.setDir(d)
	if err := check(); err != nil {
		return nil, err // want `temp directory d from os.MkdirTemp is held by s.dir, which this return drops without removing it, so it stays on disk: call s.Close\(\) before returning`
	}
	return s, nil
}

// newDropsDirect is the same with the field set directly.
func newDropsDirect() (*S, error) {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	s := &S{}
	s.dir = d
	if err := check(); err != nil {
		return nil, err // want `temp directory d from os.MkdirTemp is held by s.dir, which this return drops without removing it, so it stays on disk: call s.Close\(\) before returning`
	}
	return s, nil
}

// newCloses releases the owner on its error path: no finding.
func newCloses() (*S, error) {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	s := &S{}
	s.setDir(d)
	if err := check(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// newNested sets the field through the exported setter, which calls the
// unexported one.
func newNested() (*S, error) {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	s := &S{}
	s.SetDir(d)
	if err := check(); err != nil {
		return nil, err // want `temp directory d from os.MkdirTemp is held by s.dir, which this return drops without removing it, so it stays on disk: call s.Close\(\) before returning`
	}
	return s, nil
}

func newNestedCloses() (*S, error) {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	s := &S{}
	s.SetDir(d)
	if err := check(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Keeper has no method that removes its directory.
type Keeper struct{ dir string }

func (k *Keeper) setDir(d string) { k.dir = d }

func (k *Keeper) Exists() bool {
	_, err := os.Stat(k.dir)
	return err == nil
}

func newKeeper() (*Keeper, error) {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	k := &Keeper{}
	k.setDir(d) // want `field dir holds a temp directory from os.MkdirTemp that no method of Keeper removes, so it stays on disk: remove it in a Close or cleanup method of Keeper`
	return k, nil
}

func newKeeperDirect() (*Keeper, error) {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	k := &Keeper{}
	k.dir = d // want `field dir holds a temp directory from os.MkdirTemp that no method of Keeper removes, so it stays on disk: remove it in a Close or cleanup method of Keeper`
	return k, nil
}

// Config is filled by a function that stores into a field of another
// parameter.
type Config struct {
	name string
	dir  string
}

func fill(c *Config, d string) { c.dir = d }

func (c *Config) Close() error { return os.RemoveAll(c.dir) }

func newConfig() (*Config, error) {
	d, err := os.MkdirTemp("", "cfg")
	if err != nil {
		return nil, err
	}
	c := &Config{name: "x"}
	fill(c, d)
	if err := check(); err != nil {
		return nil, err // want `temp directory d from os.MkdirTemp is held by c.dir, which this return drops without removing it, so it stays on disk: call c.Close\(\) before returning`
	}
	return c, nil
}

func newConfigCloses() (*Config, error) {
	d, err := os.MkdirTemp("", "cfg")
	if err != nil {
		return nil, err
	}
	var c Config
	fill(&c, d)
	if err := check(); err != nil {
		c.Close()
		return nil, err
	}
	return &c, nil
}

// Logged's setter only logs the directory: the temp directory still
// leaks in newLogged.
type Logged struct{ dir string }

func (l *Logged) setDir(d string) { log.Printf("using %s", d) }

func (l *Logged) Close() error { return os.RemoveAll(l.dir) }

func newLogged() (*Logged, error) {
	d, err := os.MkdirTemp("", "x") // want `temp directory d from os.MkdirTemp is not removed on any path, so it stays on disk: defer os.RemoveAll\(d\) right after the error check`
	if err != nil {
		return nil, err
	}
	l := &Logged{}
	l.setDir(d)
	return l, nil
}

// registry keeps the directories registered.
var registry = map[string]bool{}

// setAndRegister also keeps the directory elsewhere: whoever reads the
// registry may remove it, so the call hands it off.
func (s *S) setAndRegister(d string) {
	s.dir = d
	registry[d] = true
}

func newRegistered() (*S, error) {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	s := &S{}
	s.setAndRegister(d)
	if err := check(); err != nil {
		return nil, err
	}
	return s, nil
}

// W makes its directory in a method, through its setter: init is a
// creating method of W, and the value NewW returns owes a Close once
// init ran.
type W struct{ dir string }

func (w *W) setDir(d string) { w.dir = d }

func (w *W) Close() error { return os.RemoveAll(w.dir) }

func (w *W) init() {
	d, err := os.MkdirTemp("", "w")
	if err == nil {
		w.setDir(d)
	}
}

func NewW() *W { return &W{} }

func useW() error {
	w := NewW()
	w.init()
	if err := check(); err != nil {
		return err // want `temp directory that regression_setter.W's init makes is held by w and removed only by its Close, and this return drops w without calling it, so it stays on disk: call w.Close\(\) before returning`
	}
	return w.Close()
}

func useWCloses() error {
	w := NewW()
	defer w.Close()
	w.init()
	return check()
}
