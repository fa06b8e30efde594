package main

// PLACEHOLDER owned by the shim helper: replace this whole file with the
// real `tmplint sweep` implementation.

import (
	"io"
	"os"
)

func runSweep(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	errorf("sweep is not available in this build")
	return exitError
}
