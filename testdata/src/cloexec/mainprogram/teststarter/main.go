// A program whose own code starts a process, tested too: the test files
// change nothing, the program's descriptor is reported.
package main

import (
	"os/exec"
	"syscall"
)

func main() {
	fd, err := syscall.Open("/dev/null", syscall.O_RDWR, 0) // want `syscall.Open without O_CLOEXEC`
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	exec.Command("true").Run()
}
