package starter // want package:"startsProcess"

import "syscall"

// Run starts a process, which the facts of this package and its importers
// record.
func Run(argv0 string, argv []string) (int, error) { // want Run:"startsProcessFunc"
	return syscall.ForkExec(argv0, argv, nil)
}
