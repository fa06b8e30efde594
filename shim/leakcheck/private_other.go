//go:build !unix

package leakcheck

import "os"

const privatePrefix = "leakcheck-"

// lockDir and pruneStale do nothing here: without flock, a later run cannot
// tell a crashed run's private TMPDIR from a live one.
func lockDir(string) (*os.File, error) { return nil, nil }

func pruneStale(string) {}
