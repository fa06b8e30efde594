// Package regression_correlated pins false positives where the wait after a
// start is chosen by a condition carried from the start's error.
package regression_correlated

import "os/exec"

func work() error

func waitIfStarted() error {
	cmd := exec.Command("child")
	err := cmd.Start()
	if err == nil {
		err = cmd.Wait()
	}
	return err
}

func startedFlag() error {
	cmd := exec.Command("child")
	err := cmd.Start()
	started := err == nil
	werr := work()
	if started {
		cmd.Wait()
	}
	return werr
}

func startedFlagWrong() error {
	cmd := exec.Command("child")
	err := cmd.Start() // want `cmd.Start succeeds but the child is not waited on some path`
	started := err == nil
	if started && work() == nil {
		cmd.Wait()
	}
	return err
}
