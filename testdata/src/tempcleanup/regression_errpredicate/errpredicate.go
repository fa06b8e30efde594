// Package regression_errpredicate pins false positives where the failure
// branch of a creation is recognized by an error predicate rather than by
// "err != nil": errors.Is, errors.As, os.IsExist, and the project's own
// predicates (a function that returns false for a nil error).
package regression_errpredicate

import (
	"errors"
	"os"
	"strings"
)

func work()

func exists(err error) bool {
	return err != nil && strings.Contains(err.Error(), "exists")
}

func maybeNil(err error) bool {
	return err == nil || strings.Contains(err.Error(), "exists")
}

func retryOnExist() (string, error) {
	dir, err := os.MkdirTemp("", "x")
	if os.IsExist(err) {
		return "", err
	}
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	work()
	return "done", nil
}

func errorsIs() error {
	dir, err := os.MkdirTemp("", "x")
	if errors.Is(err, os.ErrPermission) {
		return err
	}
	if err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func errorsAs() error {
	dir, err := os.MkdirTemp("", "x")
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe
	}
	if err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func ownPredicate() error {
	dir, err := os.MkdirTemp("", "x")
	if exists(err) {
		return err
	}
	if err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func notAPredicate() error {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if maybeNil(err) {                // true for a nil error: the directory exists here
		return err
	}
	return os.RemoveAll(dir)
}

func negatedPredicate() error {
	dir, err := os.MkdirTemp("", "x") // want `not removed on any path`
	if !os.IsExist(err) {             // also the success branch
		return err
	}
	return os.RemoveAll(dir)
}
