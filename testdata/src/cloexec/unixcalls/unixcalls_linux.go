package unixcalls

import (
	"golang.org/x/sys/unix"
)

func creates(path string, fd int, mask *unix.Sigset_t) {
	unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW, 0)                                       // want `unix.Open without O_CLOEXEC creates a descriptor that every child process started meanwhile inherits: add unix.O_CLOEXEC to the flags`
	unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)                        // ok
	unix.Openat(unix.AT_FDCWD, path, unix.O_PATH, 0)                                        // want `unix.Openat without O_CLOEXEC`
	unix.Openat2(unix.AT_FDCWD, path, &unix.OpenHow{Flags: unix.O_RDONLY})                  // want `unix.Openat2 without O_CLOEXEC in the OpenHow's Flags creates a descriptor that every child process started meanwhile inherits: add unix.O_CLOEXEC`
	unix.Openat2(unix.AT_FDCWD, path, &unix.OpenHow{})                                      // want `unix.Openat2 without O_CLOEXEC`
	unix.Openat2(unix.AT_FDCWD, path, &unix.OpenHow{Mode: 0o600})                           // want `unix.Openat2 without O_CLOEXEC`
	unix.Openat2(unix.AT_FDCWD, path, &unix.OpenHow{Flags: unix.O_RDONLY | unix.O_CLOEXEC}) // ok
	unix.Creat(path, 0o600)                                                                 // want `unix.Creat creates a descriptor without close-on-exec`
	unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_NONBLOCK, 0)                        // want `unix.Socket without SOCK_CLOEXEC`
	unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)                         // ok
	unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)                                      // want `unix.Socketpair without SOCK_CLOEXEC`
	unix.Accept(fd)                                                                         // want `unix.Accept creates a descriptor without close-on-exec`
	unix.Accept4(fd, 0)                                                                     // want `unix.Accept4 without SOCK_CLOEXEC`
	unix.Accept4(fd, unix.SOCK_CLOEXEC)                                                     // ok
	var p [2]int
	unix.Pipe(p[:])                                                         // want `unix.Pipe creates a descriptor without close-on-exec`
	unix.Pipe2(p[:], unix.O_NONBLOCK)                                       // want `unix.Pipe2 without O_CLOEXEC`
	unix.Pipe2(p[:], unix.O_CLOEXEC)                                        // ok
	unix.Dup(fd)                                                            // want `unix.Dup creates a descriptor without close-on-exec, so every child process started meanwhile inherits it: use unix.FcntlInt\(uintptr\(fd\), unix.F_DUPFD_CLOEXEC, 0\)$`
	unix.Dup2(fd, 5)                                                        // want `unix.Dup2 makes a copy without close-on-exec`
	unix.Dup2(fd, unix.Stderr)                                              // ok
	unix.Dup3(fd, 5, 0)                                                     // want `unix.Dup3 without O_CLOEXEC`
	unix.Dup3(fd, 0, 0)                                                     // ok: onto stdin
	unix.EpollCreate(10)                                                    // want `unix.EpollCreate creates`
	unix.EpollCreate1(0)                                                    // want `unix.EpollCreate1 without EPOLL_CLOEXEC`
	unix.InotifyInit()                                                      // want `unix.InotifyInit creates`
	unix.InotifyInit1(0)                                                    // want `unix.InotifyInit1 without IN_CLOEXEC`
	unix.Eventfd(0, unix.EFD_NONBLOCK)                                      // want `unix.Eventfd without EFD_CLOEXEC`
	unix.Eventfd(0, unix.EFD_CLOEXEC)                                       // ok
	unix.MemfdCreate("x", unix.MFD_ALLOW_SEALING)                           // want `unix.MemfdCreate without MFD_CLOEXEC`
	unix.MemfdCreate("x", unix.MFD_ALLOW_SEALING|unix.MFD_CLOEXEC)          // ok
	unix.Signalfd(-1, mask, unix.SFD_NONBLOCK)                              // want `unix.Signalfd without SFD_CLOEXEC`
	unix.Signalfd(fd, mask, 0)                                              // ok: updates an existing signalfd
	unix.Signalfd(-1, mask, unix.SFD_CLOEXEC)                               // ok
	unix.TimerfdCreate(unix.CLOCK_MONOTONIC, 0)                             // want `unix.TimerfdCreate without TFD_CLOEXEC`
	unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_CLOEXEC)              // ok
	unix.FanotifyInit(unix.FAN_CLASS_NOTIF, unix.O_RDONLY)                  // want `unix.FanotifyInit without FAN_CLOEXEC`
	unix.FanotifyInit(unix.FAN_CLASS_NOTIF|unix.FAN_CLOEXEC, unix.O_RDONLY) // ok
}

func fcntls(fd uintptr) {
	unix.FcntlInt(fd, unix.F_DUPFD, 3)                      // want `fcntl F_DUPFD makes a copy without close-on-exec`
	unix.FcntlInt(fd, unix.F_DUPFD_CLOEXEC, 3)              // ok
	unix.FcntlInt(fd, unix.F_SETFD, 0)                      // want `fcntl F_SETFD clears FD_CLOEXEC`
	flags, _ := unix.FcntlInt(fd, unix.F_GETFD, 0)          // ok
	unix.FcntlInt(fd, unix.F_SETFD, flags&^unix.FD_CLOEXEC) // want `fcntl F_SETFD clears FD_CLOEXEC`
	unix.FcntlInt(fd, unix.F_SETFD, flags|unix.FD_CLOEXEC)  // ok
	unix.FcntlInt(fd, unix.F_SETFD, flags)                  // strict only
	unix.RawSyscall(unix.SYS_FCNTL, fd, unix.F_DUPFD, 0)    // want `fcntl F_DUPFD`
}

// The OpenHow in a variable is read through it.
func openHowVar(path string) {
	how := unix.OpenHow{Flags: unix.O_RDONLY}
	unix.Openat2(unix.AT_FDCWD, path, &how) // want `unix.Openat2 without O_CLOEXEC in the OpenHow's Flags`
	ok := &unix.OpenHow{Flags: unix.O_RDONLY | unix.O_CLOEXEC}
	unix.Openat2(unix.AT_FDCWD, path, ok) // ok
}
