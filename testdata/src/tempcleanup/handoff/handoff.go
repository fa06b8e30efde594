package handoff

import (
	"os"
	"sync"
)

type T struct {
	dir   string
	files []*os.File
}

var global string

// Close removes what T holds: storing a temp object in T hands it off.
func (t *T) Close() {
	os.RemoveAll(t.dir)
	for _, f := range t.files {
		os.Remove(f.Name())
	}
}

func returned() (string, error) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return "", err
	}
	return dir, nil
}

// nakedReturn: a naked return of a named result is a hand-off (the
// lostcancel false positive golang/go#16230).
func nakedReturn() (dir string, err error) {
	dir, err = os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	return
}

func field(t *T) error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	t.dir = dir
	return nil
}

func fieldFile(t *T) error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	t.files = append(t.files, f)
	return nil
}

// globalVar: a variable declared outside the function is not tracked (the
// lostcancel false positive golang/go#31856).
func globalVar() {
	var err error
	global, err = os.MkdirTemp("", "x")
	if err != nil {
		panic(err)
	}
}

func captured() func() {
	var dir string
	setup := func() {
		d, err := os.MkdirTemp("", "x")
		if err != nil {
			return
		}
		dir = d
	}
	setup()
	return func() { os.RemoveAll(dir) }
}

func mapStore(m map[string]string) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	m["k"] = dir
}

func send(ch chan string) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	ch <- dir
}

func composite() *T {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil
	}
	return &T{dir: dir}
}

func syncMap(m *sync.Map) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	m.Store("k", dir)
}

func unknown(f func(string)) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	f(dir) // escape into unknown code: silent by default
}

type Registry interface{ Add(string) }

func iface(r Registry) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	r.Add(dir)
}

func goroutine() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	go func() {
		defer os.RemoveAll(dir)
	}()
}

func stdUseIsNoHandOff() {
	dir, err := os.MkdirTemp("", "x") // want `not removed on any path`
	if err != nil {
		return
	}
	os.WriteFile(dir+"/a", nil, 0o600)
	println(len(dir))
}
