// Package chmodremove_strict: the strict profile still reports a chmod
// that only makes a tree removable.
package chmodremove_strict

import "os"

func removeOne(dir string) error { // want removeOne:"removesParam"
	os.Chmod(dir, 0o777) // want `os.Chmod to world-writable mode 0o777 without the sticky bit`
	return os.Remove(dir)
}
