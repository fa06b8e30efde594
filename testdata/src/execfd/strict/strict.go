package strict

import (
	"context"
	"io"
	"os/exec"
)

func notAShell(ctx context.Context) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", "status") // want `cmd.WaitDelay is not set on a command run under a context whose output goes to a writer that is not a file`
	return cmd.Output()
}

func writer(ctx context.Context, w io.Writer) error {
	cmd := exec.CommandContext(ctx, "sh", "-c", "make") // want `cmd.WaitDelay is not set`
	cmd.Stdout = w
	return cmd.Run()
}

func chained(ctx context.Context) ([]byte, error) {
	return exec.CommandContext(ctx, "git", "log").Output() // want `this command runs under a context with its output captured, and its WaitDelay cannot be set`
}

// Output set to nil goes to the null device: no pipe, nothing to wait for.
func discarded(ctx context.Context) error {
	cmd := exec.CommandContext(ctx, "sh", "-c", "make")
	cmd.Stdout, cmd.Stderr = nil, nil
	return cmd.Run()
}
