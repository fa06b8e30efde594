// Package modeperm holds files created with ModePerm, the mask of every
// permission bit, as their mode (MHSanaei/3x-ui wrote its Xray config
// with fs.ModePerm).
package modeperm

import (
	"io/fs"
	"os"
)

func writeConfig(path string, data []byte) error {
	return os.WriteFile(path, data, fs.ModePerm) // want `os.WriteFile with fs.ModePerm as the mode creates the file with every permission bit \(0o777\)`
}

func openConfig(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_CREATE|os.O_WRONLY, os.FileMode(os.ModePerm)) // want `os.OpenFile with os.FileMode\(os.ModePerm\) as the mode`
}

// Directories take 0o777 before the umask by convention.
func makeDir(path string) error {
	return os.MkdirAll(path, os.ModePerm) // ok
}

// An explicit 0o755 is a program, on purpose.
func writeProgram(path string, data []byte) error {
	return os.WriteFile(path, data, 0o755) // ok
}
