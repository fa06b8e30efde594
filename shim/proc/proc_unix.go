//go:build unix

package proc

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

func setGroup(cmd *exec.Cmd, detach bool) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = new(syscall.SysProcAttr)
	}
	if detach {
		cmd.SysProcAttr.Setsid = true
		cmd.SysProcAttr.Setpgid = false
	} else if !cmd.SysProcAttr.Setsid {
		cmd.SysProcAttr.Setpgid = true
	}
}

// signalGroup signals the process group led by p.
func signalGroup(p *os.Process, sig os.Signal) error {
	s, ok := sig.(syscall.Signal)
	if !ok {
		return p.Signal(sig)
	}
	err := syscall.Kill(-p.Pid, s)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}

// isStdFd reports whether f is a second *os.File for descriptor 0, 1 or 2.
func isStdFd(f *os.File) bool {
	return f.Fd() <= 2
}
