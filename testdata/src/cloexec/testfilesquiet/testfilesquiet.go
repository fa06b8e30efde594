// Package testfilesquiet: its tests are parallel but neither they nor
// anything they import starts a process, so no test can leak a descriptor
// into a child.
package testfilesquiet

import "syscall"

// Dup keeps the copy: the library's finding stays.
func Dup(fd int) int {
	nfd, _ := syscall.Dup(fd) // want `syscall.Dup creates a descriptor without close-on-exec`
	return nfd
}

var kept []int

func keep(fd int) { kept = append(kept, fd) }
