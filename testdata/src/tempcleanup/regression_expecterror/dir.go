// Package regression_expecterror: a test that calls a creator only to
// check that it fails, with an assertion that ends the test when the error
// is nil (testify's require.Error and its kind, or a helper of the test
// built on one): the path where the creator made its object is a failed
// test, strict-only (goreleaser's makeContext test, audit32).
package regression_expecterror

import (
	"errors"
	"os"
	"strings"
)

// ErrSkip says the step was skipped.
type ErrSkip struct{}

func (ErrSkip) Error() string { return "skipped" }

var errBlank = errors.New("blank")

// MakeDir makes a work dir for name, unless name is blank.
func MakeDir(name string) (string, error) {
	if strings.TrimSpace(name) == "" {
		return "", ErrSkip{}
	}
	if name == "-" {
		return "", errBlank
	}
	return os.MkdirTemp("", name)
}
