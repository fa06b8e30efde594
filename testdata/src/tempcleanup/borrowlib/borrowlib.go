// Package borrowlib has functions that borrow, take or hand to unknown code
// the paths and files passed to them; package borrow calls them across the
// package boundary, where only their facts are known.
package borrowlib

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
)

// Download writes the body at url to dst: it only uses dst.
func Download(url, dst string) error { // want Download:"borrows\\(0, 1\\)"
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	f, err := os.Create(dst)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(f, resp.Body)
	return err
}

// Run runs a command: it only uses its arguments.
func Run(name string, args ...string) error { // want Run:"borrows\\(0, 1\\)"
	return exec.Command(name, args...).Run()
}

// Fill writes to w: it only uses it.
func Fill(w io.Writer) error { // want Fill:"borrows\\(0\\)"
	_, err := w.Write([]byte("x"))
	return err
}

// CachePath returns a path inside dir: dir stays the caller's.
func CachePath(dir, key string) string { // want CachePath:"borrows\\(0, 1\\)"
	return filepath.Join(dir, key)
}

// Registry keeps the directories given to it.
type Registry struct{ dirs []string }

// Add keeps dir when ok: it takes it.
func (r *Registry) Add(dir string, ok bool) { // want Add:"takes\\(0\\)"
	if ok {
		r.dirs = append(r.dirs, dir)
	}
}

// Normalize returns dir itself: the caller gets it back, so the object is
// taken.
func Normalize(dir string) (string, error) { // want Normalize:"takes\\(0\\)"
	return filepath.Abs(dir)
}

// Visit hands dir to a function value: unknown code. It only calls fn,
// so a function literal passed as fn is borrowed.
func Visit(dir string, fn func(string) error) error { // want Visit:"borrows\\(1\\)"
	return fn(dir)
}

// AddObjects keeps a path inside dir, never dir itself: whoever holds the
// registry cannot remove dir, so the caller still owns it.
func (r *Registry) AddObjects(dir string) { // want AddObjects:"keepsInside\\(0\\)"
	r.dirs = append(r.dirs, filepath.Join(dir, "objects"))
}
