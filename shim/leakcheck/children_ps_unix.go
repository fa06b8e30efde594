//go:build unix

package leakcheck

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// psChildren lists the child processes of this process with ps(1), which
// every Unix system has; Linux reads /proc instead, and tests this against
// it. The ps child itself is waited before its output is read and left out.
func psChildren() ([]child, error) {
	ps, err := exec.LookPath("ps")
	if err != nil {
		return nil, errors.New("ps(1) is not found")
	}
	cmd := exec.Command(ps, "-A", "-o", "pid=", "-o", "ppid=", "-o", "stat=", "-o", "command=")
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return nil, errors.New("ps(1) failed: " + err.Error())
	}
	self, psPid := os.Getpid(), cmd.Process.Pid
	var kids []child
	for _, line := range strings.Split(out.String(), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 {
			continue
		}
		pid, err1 := strconv.Atoi(f[0])
		ppid, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || ppid != self || pid == psPid {
			continue
		}
		c := child{pid: pid, state: f[2][0], cmdline: strings.Join(f[3:], " ")}
		if c.cmdline == "" || c.state == 'Z' && strings.HasPrefix(c.cmdline, "(") {
			c.cmdline = "[" + strings.Trim(c.cmdline, "()<>") + "]"
		}
		kids = append(kids, c)
	}
	return kids, nil
}
