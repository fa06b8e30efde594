package strict_owncannotfail

import (
	"os"
	"path/filepath"
)

// Under -strict the return on filepath.Abs's error is searched.
func absName(name string) (string, string, error) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return "", "", err
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", "", err
	}
	return dir, abs, nil
}
