// Package creators: a function of the package that returns a fresh
// command makes its caller the owner, as exec.Command does.
package creators

import (
	"context"
	"os"
	"os/exec"
)

func withSudo(ctx context.Context, name string, args ...string) *exec.Cmd {
	if os.Getuid() == 0 {
		return exec.CommandContext(ctx, name, args...)
	}
	cmd := exec.CommandContext(ctx, "sudo", append([]string{name}, args...)...)
	cmd.Env = append(os.Environ(), "SUDO_ASKPASS=/bin/false")
	return cmd
}

func follow(ctx context.Context) error {
	cmd := withSudo(ctx, "journalctl", "-f")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path \(Process.Kill and Signal do not reap it\)`
		return err
	}
	defer cmd.Process.Kill()
	return nil
}

func followWaited(ctx context.Context) error {
	cmd := withSudo(ctx, "journalctl", "-f")
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	return nil
}

var running []*exec.Cmd

// started hands back a command it has started and keeps: not a creator.
func started(name string) *exec.Cmd {
	cmd := exec.Command(name)
	cmd.Start()
	running = append(running, cmd)
	return cmd
}

func useStarted() error {
	cmd := started("child")
	if err := cmd.Start(); err != nil { // ok: not a fresh command, someone else owns it
		return err
	}
	return nil
}

type pool struct{ cmd *exec.Cmd }

// fromPool returns a command kept elsewhere: not a creator.
func (p *pool) get() *exec.Cmd { return p.cmd }

func usePool(p *pool) error {
	cmd := p.get()
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	return nil
}
