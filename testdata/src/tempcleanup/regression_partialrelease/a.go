// Package regression_partialrelease: an owner's releasing method that
// removes its temp object on some paths only (syncthing's
// AtomicWriter.Close, audit33 S21), side by side with methods that remove
// it on every path that has something to remove.
package regression_partialrelease

import (
	"os"
	"path/filepath"
)

// AtomicWriter: positive. Close returns the error a failed Write
// remembered before it registers the removal of its temp file.
type AtomicWriter struct {
	path string
	next *os.File
	err  error
}

func CreateAtomic(path string) (*AtomicWriter, error) {
	fd, err := os.CreateTemp(filepath.Dir(path), ".tmp.")
	if err != nil {
		return nil, err
	}
	return &AtomicWriter{path: path, next: fd}, nil
}

func (w *AtomicWriter) Write(bs []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.next.Write(bs)
	if err != nil {
		w.err = err
		w.next.Close()
	}
	return n, err
}

func (w *AtomicWriter) Close() error {
	if w.err != nil {
		return w.err
	}
	defer os.Remove(w.next.Name())
	if err := w.next.Close(); err != nil {
		w.err = err
		return err
	}
	return os.Rename(w.next.Name(), w.path)
}

func Save(path string, data []byte) error {
	fd, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	if _, err := fd.Write(data); err != nil {
		fd.Close() // want `temp file from CreateAtomic is held by fd.next and released by fd.Close\(\), but AtomicWriter.Close returns at a.go:42 without removing it, so on that path it stays on disk: in AtomicWriter.Close, call os.Remove\(w.next.Name\(\)\) before that return`
		return err
	}
	return fd.Close()
}

// SafeWriter: negative. Close registers the removal first, then returns
// the remembered error.
type SafeWriter struct {
	path string
	next *os.File
	err  error
}

func CreateSafe(path string) (*SafeWriter, error) {
	fd, err := os.CreateTemp(filepath.Dir(path), ".tmp.")
	if err != nil {
		return nil, err
	}
	return &SafeWriter{path: path, next: fd}, nil
}

func (w *SafeWriter) Write(bs []byte) (int, error) {
	n, err := w.next.Write(bs)
	if err != nil {
		w.err = err
	}
	return n, err
}

func (w *SafeWriter) Close() error {
	defer os.Remove(w.next.Name())
	if w.err != nil {
		return w.err
	}
	if err := w.next.Close(); err != nil {
		return err
	}
	return os.Rename(w.next.Name(), w.path)
}

func SaveSafe(path string, data []byte) error {
	fd, err := CreateSafe(path)
	if err != nil {
		return err
	}
	if _, err := fd.Write(data); err != nil {
		fd.Close()
		return err
	}
	return fd.Close()
}

// Workspace: negative. Close removes the directory on every path that
// has one: a second Close (closed, which only Close sets) and an empty
// field have nothing to remove.
type Workspace struct {
	dir    string
	closed bool
}

func NewWorkspace() (*Workspace, error) {
	dir, err := os.MkdirTemp("", "ws-")
	if err != nil {
		return nil, err
	}
	return &Workspace{dir: dir}, nil
}

func (s *Workspace) Close() error {
	if s.closed {
		return nil
	}
	if s.dir == "" {
		return nil
	}
	s.closed = true
	return os.RemoveAll(s.dir)
}

func UseWorkspace() error {
	s, err := NewWorkspace()
	if err != nil {
		return err
	}
	defer s.Close()
	return os.WriteFile(filepath.Join(s.dir, "x"), nil, 0o600)
}

// Scratch: negative. Close calls a helper that removes the directory
// on every path, through a deferred closure.
type Scratch struct{ dir string }

func NewScratch() (*Scratch, error) {
	dir, err := os.MkdirTemp("", "scratch-")
	if err != nil {
		return nil, err
	}
	return &Scratch{dir: dir}, nil
}

func (s *Scratch) cleanup() error { return os.RemoveAll(s.dir) }

func (s *Scratch) Close() (err error) {
	defer func() {
		if cerr := s.cleanup(); err == nil {
			err = cerr
		}
	}()
	if s.dir == "" {
		return os.ErrInvalid
	}
	return nil
}

func UseScratch() error {
	s, err := NewScratch()
	if err != nil {
		return err
	}
	defer s.Close()
	return nil
}

// Fetch: negative. The temp file removes itself (a deferred removal); the
// owner's method that removes its destination on some paths (to replace
// it) is not what releases it.
type Client struct{ Dst string }

func (c *Client) Get() error {
	if _, err := os.Stat(filepath.Dir(c.Dst)); err != nil {
		return err
	}
	if err := os.RemoveAll(c.Dst); err != nil {
		return err
	}
	return os.WriteFile(c.Dst, nil, 0o600)
}

func (c *Client) Sum() (string, error) {
	f, err := os.CreateTemp("", "sum-")
	if err != nil {
		return "", err
	}
	name := f.Name()
	f.Close()
	defer os.Remove(name)
	c2 := &Client{Dst: name}
	if err := c2.Get(); err != nil {
		return "", err
	}
	return name, nil
}

// SaveRemoving: negative. The caller removes the temp file itself, so
// AtomicWriter.Close's early return leaves nothing behind.
func SaveRemoving(path string, data []byte) error {
	fd, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	defer os.Remove(fd.next.Name())
	if _, err := fd.Write(data); err != nil {
		fd.Close()
		return err
	}
	return fd.Close()
}
