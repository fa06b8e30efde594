// Package regression_errpredicate pins false positives where the failure
// branch of a start is recognized by an error predicate: a function of the
// project that returns false for a nil error, errors.Is, errors.As.
package regression_errpredicate

import (
	"errors"
	"os/exec"
	"syscall"
)

func isENOEXEC(err error) bool {
	var errno syscall.Errno
	return errors.As(err, &errno) && errno == syscall.ENOEXEC
}

func isSomething(err error) bool {
	return err == nil || errors.Is(err, syscall.EPERM)
}

func run() error {
	cmd := exec.Command("script")
	err := cmd.Start()
	if isENOEXEC(err) {
		return errors.New("not an executable")
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}

func notFound() error {
	cmd := exec.Command("tool")
	err := cmd.Start()
	if errors.Is(err, exec.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}

func notAPredicate() error {
	cmd := exec.Command("tool")
	err := cmd.Start() // want `cmd.Start succeeds but the child is not waited on some path`
	if isSomething(err) {
		return nil
	}
	return cmd.Wait()
}
