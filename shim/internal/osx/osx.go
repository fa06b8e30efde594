// Package osx holds the operating-system specifics shared by the shim's
// packages: advisory locks that tell whether a session's owner still lives,
// file ownership, and terminal detection.
package osx

import (
	"fmt"
	"io/fs"
	"os"
	"strconv"
)

// UIDString names the current user in temp-dir names: the numeric uid on
// Unix, "user" where there is none (each Windows user has a private temp dir).
func UIDString() string {
	if uid := os.Getuid(); uid >= 0 {
		return strconv.Itoa(uid)
	}
	return "user"
}

// CheckOwned returns an error naming path unless fi is owned by the current
// user (always true where ownership is not reported).
func CheckOwned(path string, fi fs.FileInfo) error {
	if uid, ok := Owner(fi); ok && uid != os.Getuid() {
		return fmt.Errorf("%s: owned by uid %d, not by the current user (uid %d)", path, uid, os.Getuid())
	}
	return nil
}
