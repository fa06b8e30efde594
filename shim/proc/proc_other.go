//go:build !unix

package proc

import (
	"os"
	"os/exec"
)

func setGroup(*exec.Cmd, bool) {}

// signalGroup kills the child: process groups are not available here.
func signalGroup(p *os.Process, sig os.Signal) error { return p.Kill() }

func isStdFd(*os.File) bool { return false }
