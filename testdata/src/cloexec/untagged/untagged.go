// Package untagged has no build constraint and uses only names that every
// Unix has: it may build for darwin or windows, which the analysis of one
// platform cannot see. The hint is conditional and there is no fix.
package untagged

import "syscall"

func pipe(p []int) error {
	return syscall.Pipe(p) // want `syscall.Pipe creates a descriptor without close-on-exec, so every child process started meanwhile inherits it: use syscall.Pipe2\(p, syscall.O_CLOEXEC\) where the platform has it, in a file built only there; if this package also builds for darwin, ios, aix, windows, js, wasip1 or plan9, which lack Pipe2: there, hold syscall.ForkLock.RLock\(\) around the call and syscall.CloseOnExec`
}

// O_CLOEXEC exists everywhere: the usual finding and fix.
func open(path string) (int, error) {
	return syscall.Open(path, syscall.O_RDONLY, 0) // want `syscall.Open without O_CLOEXEC creates a descriptor`
}
