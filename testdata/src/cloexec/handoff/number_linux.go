package handoff

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// The child is told the descriptor's number and finds it by inheritance
// (u-root's fusermount test): close-on-exec would close it at exec, so the
// finding has no edit.
func numberInEnv() error {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0) // want `unix.Socketpair without SOCK_CLOEXEC .*; a child started here is told its number and inherits it, so hand it over through ExtraFiles`
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Env = append(os.Environ(), fmt.Sprintf("_FUSE_COMMFD=%d", fds[0]))
	return cmd.Run()
}

func numberInArgs() error {
	var p [2]int
	if err := syscall.Pipe(p[:]); err != nil { // want `syscall.Pipe creates a descriptor without close-on-exec.*; a child started here is told its number`
		return err
	}
	return exec.Command("child", "-fd", strconv.Itoa(p[0])).Run()
}

// A number formatted for a log line, with no child: the fix stands.
func numberLogged() {
	fd, _ := unix.Open("/etc/hostname", unix.O_RDONLY, 0) // want `unix.Open without O_CLOEXEC`
	fmt.Println(fd)
	_ = fmt.Sprintf("opened %d", fd)
}
