// The program of quiet, under -strict: every finding is shown.
package main

import (
	"fmt"
	"syscall"

	"cloexec/mainprogram/helper"
)

func main() {
	fd, err := syscall.Open("/etc/hostname", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	var p [2]int
	syscall.Pipe(p[:]) // want `syscall.Pipe creates a descriptor without close-on-exec`
	q, _ := helper.Pipe()
	fmt.Println(fd, p, q)
}
