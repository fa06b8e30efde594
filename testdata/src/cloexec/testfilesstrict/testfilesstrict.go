package testfilesstrict // want package:"startsProcess"

// Package testfilesstrict: under -strict, a test's descriptor is reported
// even when no child of the test itself can start while it is open: in a
// parallel test of a package that starts processes, or in a test that
// starts none.

import "os/exec"

// run starts a process: the package's tests may run it in parallel.
func run() error { return exec.Command("true").Run() }
