// Package regression_callerdir pins a false positive found in the standard
// library (syscall's passfd test helper): a temp file made in a directory
// the parent process manages, and never removed here on any path, is the
// directory owner's to clean up.
package regression_callerdir

import (
	"flag"
	"fmt"
	"os"
)

func child() {
	tempDir := flag.Arg(0) // our parent removes it
	f, err := os.CreateTemp(tempDir, "")
	if err != nil {
		fmt.Printf("TempFile: %v", err)
		return
	}
	defer f.Close()
	f.Write([]byte("hello"))
}

// In the default temp directory, the same code leaks.
func childDefault() {
	f, err := os.CreateTemp("", "") // want `not removed on any path`
	if err != nil {
		return
	}
	defer f.Close()
	f.Write([]byte("hello"))
}
