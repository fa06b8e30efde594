// A program that starts a process (os/exec): the descriptors it makes
// without close-on-exec leak into the child.
package main

import (
	"os/exec"
	"syscall"
)

func main() {
	fd, err := syscall.Open("/etc/hostname", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	exec.Command("true").Run()
}
