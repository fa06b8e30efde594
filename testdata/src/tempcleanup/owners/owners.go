// Package owners checks temp objects stored into the fields of objects the
// function made: the owner owes the removal, a return that drops it leaks,
// and a type whose field holds a temp object must remove it somewhere.
package owners

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

// Server removes its directory in Close.
type Server struct {
	dir  string
	sock string
}

func (s *Server) listen() error { return nil }

func (s *Server) Close() error { return s.cleanup() }

func (s *Server) cleanup() error { return os.RemoveAll(s.dir) }

func (s *Server) Release() { s.cleanup() }

// The owner is returned on success and dropped on the error path.
func newServerDrops() (*Server, error) {
	dir, err := os.MkdirTemp("", "srv")
	if err != nil {
		return nil, err
	}
	s := &Server{}
	s.dir = dir
	s.sock = filepath.Join(dir, "sock")
	if err := s.listen(); err != nil {
		return nil, err // want `temp directory dir from os.MkdirTemp is held by s.dir, which this return drops without removing it, so it stays on disk: call s.Close\(\) before returning`
	}
	return s, nil
}

// The error path releases the owner.
func newServerCloses() (*Server, error) {
	dir, err := os.MkdirTemp("", "srv")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir}
	if err := s.listen(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// The error path removes the object itself.
func newServerRemoves() (*Server, error) {
	dir, err := os.MkdirTemp("", "srv")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir}
	if err := s.listen(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

// The owner is shared before the object is stored into it: whoever else
// holds it may clean up.
func fillShared(reg map[string]*Server) error {
	s := &Server{}
	reg["x"] = s
	dir, err := os.MkdirTemp("", "srv")
	if err != nil {
		return err
	}
	s.dir = dir
	return errors.New("later")
}

// A standard owner (*exec.Cmd) removes nothing: running it borrows the
// directory, and the error return leaks it.
func runIn() error {
	dir, err := os.MkdirTemp("", "work") // want `temp directory dir from os.MkdirTemp is not removed on every path, so it stays on disk: defer os.RemoveAll\(dir\) right after the error check`
	if err != nil {
		return err
	}
	cmd := exec.Command("make")
	cmd.Dir = dir
	if err := cmd.Run(); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func runInRemoves() error {
	dir, err := os.MkdirTemp("", "work")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command("make")
	cmd.Dir = dir
	return cmd.Run()
}

// Mount only unmounts in Cleanup: nothing ever removes its directory.
type Mount struct {
	target string
}

func (m *Mount) Cleanup() error { return syscall.Unmount(m.target, 0) }

func newMount() (*Mount, error) {
	dir, err := os.MkdirTemp("", "mnt")
	if err != nil {
		return nil, err
	}
	return &Mount{target: dir}, nil // want `field target holds a temp directory from os.MkdirTemp that no method of Mount removes, so it stays on disk: remove it in a Close or cleanup method of Mount`
}

// Mount2 unmounts and removes.
type Mount2 struct {
	target string
}

func (m *Mount2) Cleanup() error {
	if err := syscall.Unmount(m.target, 0); err != nil {
		return err
	}
	return os.Remove(m.target)
}

func newMount2() (*Mount2, error) {
	dir, err := os.MkdirTemp("", "mnt")
	if err != nil {
		return nil, err
	}
	return &Mount2{target: dir}, nil
}

// Cache sets its field directly from the creation.
type Cache struct {
	root string
	f    *os.File
}

func (c *Cache) init() error {
	var err error
	c.root, err = os.MkdirTemp("", "cache") // want `field root holds a temp directory from os.MkdirTemp that no method of Cache removes`
	return err
}

// The file field is closed and removed by Close.
func (c *Cache) open() error {
	f, err := os.CreateTemp("", "cache")
	if err != nil {
		return err
	}
	c.f = f
	return nil
}

func (c *Cache) Close() error {
	c.f.Close()
	return os.Remove(c.f.Name())
}

// Exported fields may be removed by another package: not reported.
type Public struct{ Dir string }

func newPublic() (*Public, error) {
	dir, err := os.MkdirTemp("", "pub")
	if err != nil {
		return nil, err
	}
	return &Public{Dir: dir}, nil
}

// A getter hands the field to code that may remove it: not reported.
type Scratch struct{ dir string }

func (s *Scratch) Dir() string { return s.dir }

func newScratch() (*Scratch, error) {
	dir, err := os.MkdirTemp("", "scratch")
	if err != nil {
		return nil, err
	}
	return &Scratch{dir: dir}, nil
}

// A test fixture registers its owner's release method.
func fixture(t interface{ Cleanup(func()) }) *Server {
	dir, err := os.MkdirTemp("", "srv")
	if err != nil {
		return nil
	}
	s := &Server{dir: dir}
	if err := s.listen(); err != nil {
		return nil // want `held by s.dir, which this return drops`
	}
	t.Cleanup(s.Release)
	return nil
}

// A local function that removes the owner's field releases it.
func shutdown(s *Server) { os.RemoveAll(s.dir) }

func releasedByHelper() error {
	dir, err := os.MkdirTemp("", "srv")
	if err != nil {
		return err
	}
	s := &Server{dir: dir}
	if err := s.listen(); err != nil {
		shutdown(s)
		return err
	}
	return s.Close()
}

// Holders that only refer to a directory the function removes, or whose
// path it shows the user, own nothing.
type view struct{ root string }

func refers() error {
	dir, err := os.MkdirTemp("", "v")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	v := &view{root: dir}
	return v.use()
}

func (v *view) use() error { return nil }

func shown(logf func(string, ...any)) (*view, error) {
	dir, err := os.MkdirTemp("", "v")
	if err != nil {
		return nil, err
	}
	println("work directory:", dir)
	fmt.Printf("work directory: %s\n", dir)
	return &view{root: dir}, nil
}

// A directory made inside one the caller manages is the caller's to clean
// up (c.MkDir() of gocheck, a parameter): the field owns nothing.
type suite struct{ base string }

func (s *suite) setUp(parent string) error {
	var err error
	s.base, err = os.MkdirTemp(parent, "suite")
	return err
}
