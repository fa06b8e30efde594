// Package b is a's unrelated twin for the nogo compatibility test: the
// same kinds of findings in different code, so that state leaking from one
// run into the next would show.
package b

import (
	"os"
	"os/exec"
	"syscall"
)

type Store struct {
	dir string
}

func (s *Store) Save(data []byte) error {
	return os.WriteFile(s.dir+"/data", data, 600)
}

func (s *Store) Chmod() error {
	return os.Chmod("/tmp/nogo-b-shared", 0o777)
}

func MkdirShared() error {
	return os.Mkdir("/tmp/nogo-b", 0o755)
}

func (s *Store) Scratch() (string, error) {
	dir, err := os.MkdirTemp("", "b-*")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(dir+"/x", nil, 0o600); err != nil {
		return "", err // leaks dir
	}
	return dir, nil
}

func RunWithPipe() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := exec.Command("cat")
	cmd.Stdout = w
	return cmd.Run()
}

func Dup(fd int) (int, error) {
	return syscall.Dup(fd)
}

func Socket() (int, error) {
	return syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
}

func Probe() error {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		return err
	}
	return syscall.Close(fd)
}
