// Package regression_repeatedcond: a path takes the same branch at repeated
// pure conditions when nothing in between may write what they read (issue
// 9): the child started when "detach" is false is waited under a later
// "!detach", and released under "detach".
package regression_repeatedcond

import (
	"os/exec"
)

type options struct {
	detach bool
}

func run(opts *options) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil {
		return err
	}
	if opts.detach {
		cmd.Process.Release()
	}
	if !opts.detach {
		return cmd.Wait()
	}
	return nil
}

func save(*options) {}

// The options are handed to code of the package in between, which may
// change them.
func runSaved(opts *options) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if opts.detach {
		cmd.Process.Release()
	}
	save(opts)
	if !opts.detach {
		return cmd.Wait()
	}
	return nil
}
