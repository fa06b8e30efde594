// Package regression_callersvalue_strict: a creator that returns its
// argument on another path (goreleaser's keyPath: the key file's path, or
// a temp file holding the key itself). Whether a call gets a temp object
// depends on what it passes, which is not followed: -strict reports the
// callers that never remove it, with a hint that spares their own value.
package regression_callersvalue_strict

import (
	"fmt"
	"os"
	"strings"
)

func keyPath(key string) (string, error) {
	if !strings.HasPrefix(key, "-----BEGIN") {
		return key, nil
	}
	f, err := os.CreateTemp("", "id_*")
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.WriteString(key); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

func Use(key string) ([]string, error) {
	p, err := keyPath(key) // want `temp file p from keyPath is not removed on any path, so it stays on disk when keyPath created it \(on another path keyPath returns its caller's own value instead\): remove it where it leaks, but only when it is not the value of yours that keyPath hands back \(compare it with that value first\)`
	if err != nil {
		return nil, err
	}
	return []string{"GIT_SSH_COMMAND=ssh -i " + p}, nil
}

// UseRemoving removes it when it is not the caller's own key file.
func UseRemoving(key string) error {
	p, err := keyPath(key)
	if err != nil {
		return err
	}
	if p != key {
		defer os.Remove(p)
	}
	fmt.Println("ssh -i " + p)
	return nil
}
