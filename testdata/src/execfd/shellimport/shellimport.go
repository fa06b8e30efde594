package shellimport

import (
	"context"
	"os/exec"
)

func output(ctx context.Context, script string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "dash", "-c", script) // want `cmd runs a shell under a context`
	return cmd.Output()
}
