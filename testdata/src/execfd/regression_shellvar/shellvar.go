// Package shellvar: a shell named by a variable, a field or a parameter,
// run with -c under a cancellable context with its output captured (audit32
// S18, direnv internal/cmd/rc.go). The program is judged by the values the
// package gives it, not by its name.
package shellvar

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"time"
)

type config struct {
	BashPath string // from a config file, the environment, or a default
	GitPath  string
	Tool     string
}

func loadConfig(fromFile string) (*config, error) {
	c := &config{BashPath: fromFile}
	if c.BashPath == "" {
		c.BashPath = os.Getenv("DIRENV_BASH")
	}
	var err error
	if c.BashPath == "" {
		if c.BashPath, err = exec.LookPath("bash"); err != nil {
			return nil, err
		}
	}
	if c.GitPath, err = exec.LookPath("git"); err != nil {
		return nil, err
	}
	c.Tool = "bash"
	if fromFile != "" {
		c.Tool = "python3"
	}
	return c, nil
}

// The field's only constant value is exec.LookPath("bash"): a shell.
func configuredShell(ctx context.Context, c *config, script string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, c.BashPath, "-c", script) // want `cmd runs c.BashPath with -c, a shell by the values this package gives it \(exec.LookPath\("bash"\) at shellvar.go:28\), under a context with its output captured, and cmd.WaitDelay is not set: on cancel only the shell is killed`
	cmd.Stderr = os.Stderr
	return cmd.Output()
}

// The same field with WaitDelay set.
func configuredShellDelay(ctx context.Context, c *config, script string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, c.BashPath, "-c", script) // ok: WaitDelay
	cmd.WaitDelay = time.Second
	return cmd.Output()
}

// The same field without a context: nothing cancels it.
func configuredShellNoContext(c *config, script string) ([]byte, error) {
	cmd := exec.Command(c.BashPath, "-c", script) // ok: no context
	return cmd.Output()
}

// git -c name=value is not a shell: the field's only value is git.
func configuredGit(ctx context.Context, c *config) ([]byte, error) {
	cmd := exec.CommandContext(ctx, c.GitPath, "-c", "core.pager=cat", "log") // ok: strict only, git is not a shell
	return cmd.Output()
}

// A field that is bash on one path and python3 on another may not be a
// shell.
func configuredTool(ctx context.Context, c *config, code string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, c.Tool, "-c", code) // ok: strict only, python3 is not a shell
	return cmd.Output()
}

// The user's shell with a default.
func userShell(ctx context.Context, script string) ([]byte, error) {
	shell := os.Getenv("SHELL")
	if shell == "" {
		shell = "/bin/sh"
	}
	cmd := exec.CommandContext(ctx, shell, "-ec", script) // want `cmd runs shell with -c, a shell by the values this package gives it \("/bin/sh" at shellvar.go:79\), under a context`
	return cmd.CombinedOutput()
}

// A program whose value nobody in the package chooses is not judged.
func userProgram(ctx context.Context, script string) ([]byte, error) {
	prog := os.Getenv("PROG")
	cmd := exec.CommandContext(ctx, prog, "-c", script) // ok: strict only, no known value
	return cmd.Output()
}

// A value changed in place is not the constant it started as.
func builtProgram(ctx context.Context, dir, script string) ([]byte, error) {
	prog := "bash"
	prog += dir
	cmd := exec.CommandContext(ctx, prog, "-c", script) // ok: strict only, the program is built
	return cmd.Output()
}

// A parameter is judged by the arguments of the package's calls.
func runIn(ctx context.Context, shell, script string) ([]byte, error) {
	return exec.CommandContext(ctx, shell, "-c", script).Output() // want `this command runs shell with -c, a shell by the values this package gives it \("bash" at shellvar.go:106, "zsh" at shellvar.go:107\), under a context with its output captured, and its WaitDelay cannot be set`
}

func runBoth(ctx context.Context, script string) {
	runIn(ctx, "bash", script)
	runIn(ctx, "zsh", script)
}

// A parameter that the package also passes a program that is not a shell.
func runProgram(ctx context.Context, prog, arg string) ([]byte, error) {
	return exec.CommandContext(ctx, prog, "-c", arg).Output() // ok: strict only, perl is not a shell
}

func runPrograms(ctx context.Context) {
	runProgram(ctx, "sh", "true")
	runProgram(ctx, "perl", "print 1")
}

// A flag's default names a shell, and env runs it.
var runner string

func init() { flag.StringVar(&runner, "runner", "env", "the program that runs the build script") }

func flagDefault(ctx context.Context, script string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, runner, "sh", "-c", script) // want `cmd runs runner with -c, a shell by the values this package gives it \("env" at shellvar.go:123\), under a context with its output captured, and cmd.WaitDelay is not set: on cancel only env, not the shell it runs, is killed`
	return cmd.Output()
}
