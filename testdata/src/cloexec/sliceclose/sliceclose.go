package sliceclose // want package:"startsProcess"

// Package sliceclose: descriptors a test stores into a local slice and
// closes through a loop over it before it starts a child reach no child
// (os's pidfd leak test). Positive and negative cases side by side in
// sliceclose_test.go.

import "os/exec"

// Run starts a process, so that the package's tests may start one.
func Run() error { return exec.Command("true").Run() } // want Run:"startsProcessFunc"
