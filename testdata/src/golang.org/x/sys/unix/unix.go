// Package unix is a stub of golang.org/x/sys/unix for analysistest: only the
// names the tmplint tests use, with their linux/amd64 values. Other helpers
// may add files; keep the signatures those of the real package.
package unix

import "syscall"

const (
	O_RDONLY    = 0x0
	O_WRONLY    = 0x1
	O_RDWR      = 0x2
	O_ACCMODE   = 0x3
	O_CREAT     = 0x40
	O_EXCL      = 0x80
	O_TRUNC     = 0x200
	O_APPEND    = 0x400
	O_NONBLOCK  = 0x800
	O_DIRECTORY = 0x10000
	O_NOFOLLOW  = 0x20000
	O_CLOEXEC   = 0x80000
	O_PATH      = 0x200000

	AT_FDCWD = -0x64

	AF_UNIX       = 0x1
	AF_INET       = 0x2
	SOCK_STREAM   = 0x1
	SOCK_DGRAM    = 0x2
	SOCK_NONBLOCK = 0x800
	SOCK_CLOEXEC  = 0x80000

	EPOLL_CLOEXEC     = 0x80000
	IN_NONBLOCK       = 0x800
	IN_CLOEXEC        = 0x80000
	EFD_NONBLOCK      = 0x800
	EFD_CLOEXEC       = 0x80000
	MFD_CLOEXEC       = 0x1
	MFD_ALLOW_SEALING = 0x2
	SFD_NONBLOCK      = 0x800
	SFD_CLOEXEC       = 0x80000
	TFD_NONBLOCK      = 0x800
	TFD_CLOEXEC       = 0x80000
	CLOCK_MONOTONIC   = 0x1
	FAN_CLOEXEC       = 0x1
	FAN_NONBLOCK      = 0x2
	FAN_CLASS_NOTIF   = 0x0

	F_DUPFD         = 0x0
	F_GETFD         = 0x1
	F_SETFD         = 0x2
	F_GETFL         = 0x3
	F_SETFL         = 0x4
	F_DUPFD_CLOEXEC = 0x406
	FD_CLOEXEC      = 0x1

	SYS_FCNTL = 72
)

var (
	Stdin  = 0
	Stdout = 1
	Stderr = 2
)

type Sockaddr interface{}

type Sigset_t struct{ Val [16]uint64 }

type OpenHow struct {
	Flags   uint64
	Mode    uint64
	Resolve uint64
}

func Open(path string, mode int, perm uint32) (fd int, err error)               { return }
func Openat(dirfd int, path string, flags int, mode uint32) (fd int, err error) { return }
func Openat2(dirfd int, path string, how *OpenHow) (fd int, err error)          { return }
func Creat(path string, mode uint32) (fd int, err error)                        { return }
func Socket(domain, typ, proto int) (fd int, err error)                         { return }
func Socketpair(domain, typ, proto int) (fd [2]int, err error)                  { return }
func Accept(fd int) (nfd int, sa Sockaddr, err error)                           { return }
func Accept4(fd int, flags int) (nfd int, sa Sockaddr, err error)               { return }
func Pipe(p []int) error                                                        { return nil }
func Pipe2(p []int, flags int) error                                            { return nil }
func Dup(oldfd int) (fd int, err error)                                         { return }
func Dup2(oldfd, newfd int) error                                               { return nil }
func Dup3(oldfd int, newfd int, flags int) (err error)                          { return }
func EpollCreate(size int) (fd int, err error)                                  { return }
func EpollCreate1(flag int) (fd int, err error)                                 { return }
func InotifyInit() (fd int, err error)                                          { return }
func InotifyInit1(flags int) (fd int, err error)                                { return }
func Eventfd(initval uint, flags int) (fd int, err error)                       { return }
func MemfdCreate(name string, flags int) (fd int, err error)                    { return }
func Signalfd(fd int, sigmask *Sigset_t, flags int) (newfd int, err error)      { return }
func TimerfdCreate(clockid int, flags int) (fd int, err error)                  { return }
func FanotifyInit(flags uint, event_f_flags uint) (fd int, err error)           { return }
func FcntlInt(fd uintptr, cmd, arg int) (int, error)                            { return 0, nil }
func CloseOnExec(fd int)                                                        {}
func Close(fd int) (err error)                                                  { return }
func Exec(argv0 string, argv []string, envv []string) (err error)               { return }
func Syscall(trap, a1, a2, a3 uintptr) (r1, r2 uintptr, err syscall.Errno)      { return }
func RawSyscall(trap, a1, a2, a3 uintptr) (r1, r2 uintptr, err syscall.Errno)   { return }

type WaitStatus uint32

type Rusage struct{}

func Wait4(pid int, wstatus *WaitStatus, options int, rusage *Rusage) (wpid int, err error) { return }
