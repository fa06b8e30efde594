package sliceclose

import (
	"os/exec"
	"syscall"
	"testing"
)

// Closed through the slice before the children start.
func TestClosedFirst(t *testing.T) {
	const count = 3
	fds := make([]int, count)
	for i := range count {
		var err error
		fds[i], err = syscall.Open("/bin/true", syscall.O_RDONLY, 0) // ok: closed below before any start
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, fd := range fds {
		syscall.Close(fd)
	}
	exec.Command("/nonexistent").Run()
	t.Logf("fds %v", fds)
	if fds[count-1] > fds[0]+5 {
		t.Errorf("got %d", fds[count-1])
	}
}

// Closed through the slice only after a child starts: it inherits them.
func TestClosedAfter(t *testing.T) {
	fds := make([]int, 2)
	for i := range fds {
		var err error
		fds[i], err = syscall.Open("/bin/true", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
		if err != nil {
			t.Fatal(err)
		}
	}
	exec.Command("/nonexistent").Run()
	for _, fd := range fds {
		syscall.Close(fd)
	}
}

// The slice is handed to other code, which may keep the descriptors.
func TestHandedOn(t *testing.T) {
	fds := make([]int, 2)
	for i := range fds {
		fds[i], _ = syscall.Open("/bin/true", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	}
	keep(fds)
	for _, fd := range fds {
		syscall.Close(fd)
	}
	exec.Command("/nonexistent").Run()
}

var kept [][]int

func keep(fds []int) { kept = append(kept, fds) }
