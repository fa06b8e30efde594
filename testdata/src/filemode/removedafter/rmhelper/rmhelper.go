// Package rmhelper removes what it is given, as cmd/internal/robustio does.
package rmhelper

import "os"

// RemoveAll removes the tree at path.
func RemoveAll(path string) error {
	return os.RemoveAll(path)
}
