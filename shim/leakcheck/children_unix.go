//go:build unix && !linux

package leakcheck

// children lists the child processes with psChildren: these systems have no
// /proc to read them from, and the sysctl that lists processes differs
// between them.
func children() ([]child, error) { return psChildren() }
