// Package robust removes trees, retrying.
package robust

import "os"

// RemoveAll removes path and what it holds.
func RemoveAll(path string) error { // want RemoveAll:"removesParam"
	return os.RemoveAll(path)
}

// Trash moves path to the trash: it does not remove it.
func Trash(path string) error {
	return os.Rename(path, path+".trash")
}
