// A program that never starts a process: nothing can inherit the
// descriptors it makes, so its findings are strict-only (see quietstrict).
package main

import (
	"fmt"
	"syscall"

	"cloexec/mainprogram/helper"
)

func main() {
	fd, err := syscall.Open("/etc/hostname", syscall.O_RDONLY, 0)
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	var p [2]int
	syscall.Pipe(p[:])
	q, _ := helper.Pipe()
	fmt.Println(fd, p, q)
}
