// Package state keeps entries under a root directory that Create makes
// private: its first parameter carries the fact.
package state

import (
	"os"
	"path/filepath"
)

// Create makes root private (when it is absent) and the entry's directory
// in it.
func Create(root, id string) error { // want Create:"privateParams\\(0\\)"
	if err := os.MkdirAll(root, 0o700); err != nil {
		return err
	}
	return os.Mkdir(filepath.Join(root, id), 0o711)
}

// Load only reads under root: nothing made private.
func Load(root, id string) ([]byte, error) {
	return os.ReadFile(filepath.Join(root, id, "state.json"))
}

// CreateIn makes its root private through Create.
func CreateIn(root string) error { // want CreateIn:"privateParams\\(0\\)"
	return Create(root, "default")
}
