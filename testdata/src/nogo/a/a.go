// Package a is one of two unrelated packages that the nogo compatibility
// test analyzes alone (in a process of its own) and together with b (in one
// process), expecting the same findings. It has something for every
// analyzer to say.
package a

import (
	"os"
	"os/exec"
	"syscall"
)

func WriteDecimal(name string) error {
	return os.WriteFile(name, []byte("a"), 644)
}

func SharedLock() (*os.File, error) {
	return os.OpenFile("/tmp/nogo-a.lock", os.O_RDWR|os.O_CREATE, 0o600)
}

func Leak() error {
	f, err := os.CreateTemp("", "a-*")
	if err != nil {
		return err
	}
	_, err = f.WriteString("a")
	f.Close()
	return err
}

func Detached() error {
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		return err
	}
	return nil
}

func OpenNoCloexec(name string) (int, error) {
	return syscall.Open(name, syscall.O_RDONLY, 0)
}

func Pipe() ([2]int, error) {
	var p [2]int
	err := syscall.Pipe(p[:])
	return p, err
}

func Clean(name string) error {
	f, err := os.CreateTemp("", "a-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	return os.WriteFile(name, []byte("a"), 0o600)
}

func ExitSkipsCleanup() {
	dir, err := os.MkdirTemp("", "a-*")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.Exit(run(dir))
}

func run(string) int { return 0 }
