package leakfix

import (
	"errors"
	"fmt"
	"os"
	"strconv"
)

func check(string) error { return nil }

// reassigned: dir names something else by the time the function returns,
// so a deferred removal of dir would remove the wrong thing: no fix.
func reassigned() (string, error) {
	dir, err := os.MkdirTemp("", "x-") // want `returned to the caller but not removed on the return that leaks it.*defer func`
	if err != nil {
		return "", err
	}
	if err := check(dir); err != nil {
		return "", err
	}
	dir = dir + "/sub"
	return dir, nil
}

// usesAtReturn: one leaking return returns a nil error, so the removal
// must go before each leaking return; but another calls code that may
// still use the directory, so no removal is put before it: no fix.
func usesAtReturn(quiet bool) (string, error) {
	dir, err := os.MkdirTemp("", "x-") // want `returned to the caller but not removed on the 2 returns that leak it.*call os.RemoveAll\(dir\) before each leaking exit`
	if err != nil {
		return "", err
	}
	if quiet {
		return "", nil
	}
	if n := size(dir); n > 10 {
		return strconv.Itoa(size(dir)), errors.New("too big")
	}
	return dir, nil
}

func size(dir string) int { return len(dir) }

// allHandedOff: returned on every path that does not fail: no finding.
func allHandedOff() (string, error) {
	dir, err := os.MkdirTemp("", "x-")
	if err != nil {
		return "", fmt.Errorf("creating: %w", err)
	}
	return dir, nil
}
