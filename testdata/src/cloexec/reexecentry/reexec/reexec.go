// Package reexec runs a registered function as the program of a process
// that executes the binary again under the function's name.
package reexec

import (
	"os"
	"os/exec"
)

var initializers = make(map[string]func())

// Register registers initializer under name.
func Register(name string, initializer func()) {
	initializers[name] = initializer
}

// Init runs the function registered under os.Args[0], if any.
func Init() bool {
	if f, ok := initializers[os.Args[0]]; ok {
		f()
		return true
	}
	return false
}

// Command executes the binary again as name.
func Command(name string) *exec.Cmd {
	return &exec.Cmd{Path: "/proc/self/exe", Args: []string{name}}
}
