// Package inlinestart: a start compared with nil in a condition
// ("if cmd.Start() == nil && ...") has no child where it failed, and a
// wait in the rest of the condition waits for it.
package inlinestart

import (
	"os/exec"
	"time"
)

// open tries each browser until one appears to work (cmd/internal/browser).
func open(url string, browsers [][]string) bool {
	for _, args := range browsers {
		cmd := exec.Command(args[0], append(args[1:], url)...)
		if cmd.Start() == nil && appearsSuccessful(cmd, 3*time.Second) { // ok: appearsSuccessful waits
			return true
		}
	}
	return false
}

// appearsSuccessful waits for the command in a goroutine, for at most the
// timeout.
func appearsSuccessful(cmd *exec.Cmd, timeout time.Duration) bool {
	errc := make(chan error, 1)
	go func() {
		errc <- cmd.Wait()
	}()
	select {
	case <-time.After(timeout):
		return true
	case err := <-errc:
		return err == nil
	}
}

func looksRunning(cmd *exec.Cmd) bool { return cmd.Process != nil }

func openNoWait(url string) bool {
	cmd := exec.Command("xdg-open", url)
	if cmd.Start() == nil && looksRunning(cmd) { // want `cmd.Start succeeds but the child is not waited on some path`
		return true
	}
	return false
}

func startedElse(url string) error {
	cmd := exec.Command("xdg-open", url)
	if cmd.Start() != nil {
		return nil // ok: no child here
	}
	return cmd.Wait()
}
