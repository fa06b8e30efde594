// A program that starts no process, tested by a test that runs it (u-root
// fusermount): the test binary starts children, the program never does, so
// the program's descriptor is strict-only; the test's own descriptor, open
// while the test starts a child, is reported (main_test.go).
package main

import (
	"fmt"
	"syscall"
)

func openDevice() (int, error) {
	return syscall.Open("/dev/null", syscall.O_RDWR, 0)
}

func main() {
	fd, err := openDevice()
	if err != nil {
		return
	}
	fmt.Println(fd)
}
