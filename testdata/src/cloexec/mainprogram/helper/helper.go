// Package helper makes descriptors without close-on-exec but starts no
// process: a library's findings stay, whoever imports it.
package helper

import "syscall"

func Pipe() ([2]int, error) {
	var p [2]int
	err := syscall.Pipe(p[:]) // want `syscall.Pipe creates a descriptor without close-on-exec`
	return p, err
}
