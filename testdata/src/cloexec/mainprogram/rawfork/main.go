// A program that forks by a raw system call starts a process too.
package main

import "syscall"

func main() {
	fd, _ := syscall.Open("/etc/hostname", syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	syscall.RawSyscall(syscall.SYS_FORK, 0, 0, 0)
	syscall.Close(fd)
}
