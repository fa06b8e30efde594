package a

import (
	"os"
	"syscall"
)

const readOnly = syscall.O_RDONLY

const myFlags = syscall.O_RDONLY | syscall.O_CLOEXEC

func opens(path string) {
	syscall.Open(path, syscall.O_RDONLY, 0)                             // want `syscall.Open without O_CLOEXEC creates a descriptor that every child process started meanwhile inherits: add syscall.O_CLOEXEC to the flags`
	syscall.Open(path, readOnly|syscall.O_NOFOLLOW, 0)                  // want `syscall.Open without O_CLOEXEC`
	syscall.Open(path, 0, 0)                                            // want `syscall.Open without O_CLOEXEC`
	syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)           // ok
	syscall.Open(path, myFlags, 0)                                      // ok: named constant includes the flag
	syscall.Openat(-100, path, syscall.O_RDWR|syscall.O_CREAT, 0o600)   // want `syscall.Openat without O_CLOEXEC`
	syscall.Openat(-100, path, syscall.O_RDWR|syscall.O_CLOEXEC, 0o600) // ok
	syscall.Creat(path, 0o600)                                          // want `syscall.Creat creates a descriptor without close-on-exec, so every child process started meanwhile inherits it: use syscall.Open\(path, syscall.O_CREAT\|syscall.O_WRONLY\|syscall.O_TRUNC\|syscall.O_CLOEXEC, mode\)`
	os.OpenFile(path, os.O_RDONLY, 0)                                   // ok: os sets O_CLOEXEC itself
}

func sockets(fd int) {
	syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)                         // want `syscall.Socket without SOCK_CLOEXEC`
	syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)    // ok
	syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_DGRAM, 0)                      // want `syscall.Socketpair without SOCK_CLOEXEC`
	syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0) // ok
	syscall.Accept(fd)                                                              // want `syscall.Accept creates a descriptor without close-on-exec, so every child process started meanwhile inherits it: use syscall.Accept4\(fd, syscall.SOCK_CLOEXEC\)`
	nfd, sa, err := syscall.Accept(fd)                                              // want `syscall.Accept creates`
	_, _, _ = nfd, sa, err
	syscall.Accept4(fd, syscall.SOCK_NONBLOCK)                      // want `syscall.Accept4 without SOCK_CLOEXEC`
	syscall.Accept4(fd, syscall.SOCK_NONBLOCK|syscall.SOCK_CLOEXEC) // ok
}

func pipes() {
	var p [2]int
	syscall.Pipe(p[:])                                        // want `syscall.Pipe creates a descriptor without close-on-exec, so every child process started meanwhile inherits it: use syscall.Pipe2\(p, syscall.O_CLOEXEC\)`
	syscall.Pipe2(p[:], 0)                                    // want `syscall.Pipe2 without O_CLOEXEC`
	syscall.Pipe2(p[:], syscall.O_NONBLOCK)                   // want `syscall.Pipe2 without O_CLOEXEC`
	syscall.Pipe2(p[:], syscall.O_CLOEXEC)                    // ok
	syscall.Pipe2(p[:], syscall.O_CLOEXEC|syscall.O_NONBLOCK) // ok
}

func dups(fd int, f *os.File) {
	syscall.Dup(fd)                               // want `syscall.Dup creates a descriptor without close-on-exec, so every child process started meanwhile inherits it: use unix.FcntlInt\(uintptr\(fd\), unix.F_DUPFD_CLOEXEC, 0\) from golang.org/x/sys/unix`
	syscall.Dup2(fd, 10)                          // want `syscall.Dup2 makes a copy without close-on-exec`
	syscall.Dup2(fd, 2)                           // ok: onto stderr
	syscall.Dup2(fd, syscall.Stdout)              // ok
	syscall.Dup2(fd, int(os.Stderr.Fd()))         // ok
	syscall.Dup2(int(f.Fd()), int(os.Stdin.Fd())) // ok
	syscall.Dup2(fd, int(f.Fd()))                 // strict only: target unknown
	syscall.Dup3(fd, 10, 0)                       // want `syscall.Dup3 without O_CLOEXEC makes a descriptor that every child process inherits`
	syscall.Dup3(fd, 10, syscall.O_CLOEXEC)       // ok
	syscall.Dup3(fd, 1, 0)                        // ok: onto stdout
}

func others() {
	syscall.EpollCreate(1)                                         // want `syscall.EpollCreate creates a descriptor without close-on-exec, so every child process started meanwhile inherits it: use syscall.EpollCreate1\(syscall.EPOLL_CLOEXEC\)`
	syscall.EpollCreate1(0)                                        // want `syscall.EpollCreate1 without EPOLL_CLOEXEC`
	syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)                    // ok
	syscall.InotifyInit()                                          // want `syscall.InotifyInit creates a descriptor without close-on-exec`
	syscall.InotifyInit1(syscall.IN_NONBLOCK)                      // want `syscall.InotifyInit1 without IN_CLOEXEC`
	syscall.InotifyInit1(syscall.IN_NONBLOCK | syscall.IN_CLOEXEC) // ok
	syscall.CloseOnExec(3)                                         // ok
}

func raw(fd uintptr) {
	syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_DUPFD, 0)                  // want `fcntl F_DUPFD makes a copy without close-on-exec, so every child process started meanwhile inherits it: use syscall.F_DUPFD_CLOEXEC`
	syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_DUPFD_CLOEXEC, 0)          // ok
	syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_SETFD, 0)                  // want `fcntl F_SETFD clears FD_CLOEXEC, so every child process started from now on inherits the descriptor`
	syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_SETFD, syscall.FD_CLOEXEC) // ok
	syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFD, 0)                  // ok
	syscall.Syscall(syscall.SYS_READ, fd, syscall.F_DUPFD, 0)                   // ok: not fcntl
}
