package shell

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"time"
)

func output(ctx context.Context, script string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "sh", "-c", script) // want `cmd runs a shell under a context with its output captured, and cmd.WaitDelay is not set: on cancel only the shell is killed, and Wait blocks until every command it started closes the pipe; set cmd.WaitDelay`
	return cmd.Output()
}

func buffer(ctx context.Context, script string) (string, error) {
	var buf bytes.Buffer
	c := exec.CommandContext(ctx, "/bin/bash", "-ec", script) // want `c runs a shell under a context with its output captured`
	c.Stdout = &buf
	c.Stderr = &buf
	err := c.Run()
	return buf.String(), err
}

func pipe(ctx context.Context) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "zsh", "-c", "make all") // want `cmd runs a shell`
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	b, _ := io.ReadAll(out)
	return b, cmd.Wait()
}

func withDelay(ctx context.Context, script string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "sh", "-c", script) // ok
	cmd.WaitDelay = time.Second
	return cmd.CombinedOutput()
}

func toFiles(ctx context.Context, script string) error {
	cmd := exec.CommandContext(ctx, "sh", "-c", script) // ok: files, not a pipe
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

func notAShell(ctx context.Context) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", "status") // ok: strict only
	return cmd.Output()
}

func noDashC(ctx context.Context) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "sh", "script.sh") // ok: strict only
	return cmd.Output()
}

func noContext(script string) ([]byte, error) {
	cmd := exec.Command("sh", "-c", script) // ok: nothing cancels it
	return cmd.Output()
}

func chained(ctx context.Context, script string) ([]byte, error) {
	return exec.CommandContext(ctx, "bash", "-c", script).CombinedOutput() // want `this command runs a shell under a context with its output captured, and its WaitDelay cannot be set`
}

// A shell behind a program that runs its arguments as a command is a shell.
func behindEnv(ctx context.Context, script string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "env", "-i", "LANG=C", "sh", "-c", script) // want `cmd runs a shell under a context with its output captured, and cmd.WaitDelay is not set: on cancel only env, not the shell it runs, is killed`
	return cmd.Output()
}

func behindSudoTimeout(ctx context.Context, script string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "sudo", "-u", "build", "/usr/bin/timeout", "-k", "5", "60", "bash", "-ec", script) // want `cmd runs a shell`
	return cmd.Output()
}

func behindNice(ctx context.Context) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "nice", "-n", "10", "nohup", "sh", "-c", "make") // want `cmd runs a shell`
	return cmd.Output()
}

func wrapperNoShell(ctx context.Context) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "sudo", "-u", "build", "make", "-C", "dir") // ok: strict only, no shell
	return cmd.Output()
}

// A runner whose caller names the program may run a shell, or a command
// that leaves a daemon holding the pipe (vertti/preflight's
// RunCommandContext, fixed by setting WaitDelay).
func RunUser(ctx context.Context, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...) // want `cmd runs the program its caller names in name, which may be a shell or leave children holding the pipe`
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	return out.String(), err
}

func RunUserChained(ctx context.Context, name string) ([]byte, error) {
	return exec.CommandContext(ctx, name).Output() // want `this command runs the program its caller names in name`
}

// An unexported helper runs what its package chose.
func runInternal(ctx context.Context, binary string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, binary, args...) // ok: strict only
	return cmd.CombinedOutput()
}

// The arguments are the function's own: it runs one tool.
func Features(ctx context.Context, runtime string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, runtime, "features") // ok: strict only
	return cmd.Output()
}

func runResolved(ctx context.Context, name string) ([]byte, error) {
	name = "/usr/bin/" + name
	cmd := exec.CommandContext(ctx, name) // ok: strict only, the function chose the path
	return cmd.Output()
}
