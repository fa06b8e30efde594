package handoff // want package:"startsProcess"

import (
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// Clearing FD_CLOEXEC and handing the descriptor to a child is deliberate.
func inheritForExec(l *os.File, argv []string) error {
	if _, err := unix.FcntlInt(l.Fd(), unix.F_SETFD, 0); err != nil { // ok: handed to the exec below
		return err
	}
	return unix.Exec(argv[0], argv, os.Environ())
}

func extraFiles(f *os.File) error {
	syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_SETFD, 0) // ok: the child gets it through ExtraFiles
	cmd := exec.Command("child")
	cmd.ExtraFiles = []*os.File{f}
	return cmd.Run()
}

func procAttr(fd int) (int, error) {
	syscall.Dup2(fd, 3) // ok: fd 3 of the child, started below
	return syscall.ForkExec("/bin/child", nil, &syscall.ProcAttr{Files: []uintptr{0, 1, 2, 3}})
}

func startProcess(fd int, f *os.File) error {
	unix.Dup3(fd, 4, 0) // ok: os.StartProcess below
	p, err := os.StartProcess("/bin/child", nil, &os.ProcAttr{Files: []*os.File{nil, nil, nil, f}})
	if err != nil {
		return err
	}
	return p.Release()
}

// Clearing the flag with no child in sight leaks the descriptor into
// whatever child is started next, anywhere in the program.
func noChild(fd uintptr) {
	unix.FcntlInt(fd, unix.F_SETFD, 0) // want `fcntl F_SETFD clears FD_CLOEXEC`
	syscall.Dup2(int(fd), 7)           // want `syscall.Dup2 makes a copy without close-on-exec`
}

// The Open is not excused by the child: other goroutines may fork meanwhile.
func openNotExcused(path string) error {
	syscall.Open(path, syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC`
	return exec.Command("child").Run()
}

// A wrapper of the system call, as net/internal/socktest's hooks: it keeps
// the call's contract, and its callers choose the flags.
type Switch struct{}

func (sw *Switch) Accept(s int) (int, syscall.Sockaddr, error) {
	return syscall.Accept(s) // ok: a wrapper of syscall.Accept
}

// The same hook with named results, as socktest's Switch.Accept has it.
func (sw *Switch) AcceptNamed(s int) (ns int, sa syscall.Sockaddr, err error) {
	ns, sa, err = syscall.Accept(s) // ok: its results are the function's
	return
}

// A method named for the call is no wrapper when it fixes the arguments
// itself: its callers cannot choose the flags (mdlayher/netlink's
// sysSocket.Socket before SOCK_CLOEXEC was added).
type sysSocket struct{ fd int }

func (s *sysSocket) do(f func()) error { f(); return nil }

func (s *sysSocket) Socket(family int) error { // want Socket:"startsProcessFunc"
	var (
		fd  int
		err error
	)
	doErr := s.do(func() {
		fd, err = unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM, family) // want `unix.Socket without SOCK_CLOEXEC`
	})
	if doErr != nil {
		return doErr
	}
	s.fd = fd
	return err
}

// A method named Accept that keeps the descriptor instead of returning it
// is no wrapper either.
type listener struct{ conns []int }

func (l *listener) Accept(s int) error {
	fd, _, err := syscall.Accept(s) // want `syscall.Accept creates a descriptor without close-on-exec`
	l.conns = append(l.conns, fd)
	return err
}

// Calls inside package syscall itself implement its API (syscall.Pipe is
// Pipe2(p, 0)); they are skipped, which cannot be shown from this package.

// An unexported forwarder is the package's own helper: nothing else sets
// the flag (grongor/panicwatch's dup).
func dup(oldfd int) (fd int, err error) {
	return unix.Dup(oldfd) // want `unix.Dup creates a descriptor without close-on-exec`
}
