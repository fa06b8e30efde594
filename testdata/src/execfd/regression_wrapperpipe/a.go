// Package regression_wrapperpipe: git-lfs's subprocess.Cmd embeds an
// *exec.Cmd and has its own Wait, which closes the pipes it handed out
// before waiting. A child stuck writing to such a pipe then gets EPIPE,
// so the hint does not claim that a plain Wait blocks; for a bare
// *exec.Cmd it does.
package regression_wrapperpipe

import (
	"bufio"
	"errors"
	"io"
	"os/exec"
)

type Cmd struct { // want Cmd:"cmdWrapper"
	*exec.Cmd
	pipes []io.Closer
}

func newCmd(name string, args ...string) *Cmd {
	return &Cmd{Cmd: exec.Command(name, args...)}
}

func (c *Cmd) StdoutPipe() (io.Reader, error) {
	r, err := c.Cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c.pipes = append(c.pipes, r)
	return r, nil
}

func (c *Cmd) Start() error { return c.Cmd.Start() }

func (c *Cmd) Wait() error {
	for _, p := range c.pipes {
		p.Close()
	}
	return c.Cmd.Wait()
}

func firstLine(name string) (string, error) {
	cmd := newCmd(name)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil { // want `at the returns that leave it unwaited, call cmd.Process.Kill then cmd.Wait, or go cmd.Wait\(\) if it must keep running$`
		return "", err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		return "", err
	}
	if line == "" {
		return "", errors.New("empty")
	}
	return line, cmd.Wait()
}

func firstLineBare(name string) (string, error) {
	cmd := exec.Command(name)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := cmd.Start(); err != nil { // want `call cmd.Process.Kill then cmd.Wait \(a plain Wait blocks while the child is stuck writing to a pipe nothing drains\), or go cmd.Wait\(\) if it must keep running$`
		return "", err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		return "", err
	}
	if line == "" {
		return "", errors.New("empty")
	}
	return line, cmd.Wait()
}
