// Package regression_deferbefore pins false positives found in the
// standard library: a deferred removal registered before the creation
// covers it (mime/multipart), and an exit preceded by an explicit removal
// on the path that matters is not a skipped defer (cmd/go's TestMain).
package regression_deferbefore

import (
	"log"
	"os"
)

func readForm(parts [][]byte) (err error) {
	var file *os.File
	defer func() {
		if file != nil {
			file.Close()
			if err != nil {
				os.Remove(file.Name())
			}
		}
	}()
	for _, p := range parts {
		if file == nil {
			file, err = os.CreateTemp("", "multipart-")
			if err != nil {
				return err
			}
		}
		if _, err := file.Write(p); err != nil {
			return err
		}
	}
	return nil
}

var keep bool

func testMain(run func() int) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		log.Fatal(err)
	}
	if !keep {
		defer os.RemoveAll(dir)
	}
	r := run()
	if !keep {
		os.RemoveAll(dir)
	}
	os.Exit(r)
}

func testMainLeaky(run func() int) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Exit(run()) // want `os.Exit ends the process without running deferred calls`
}

var verbose bool

// A removal under another condition than the defer's does not cover the
// exit: when keep is false and verbose is false, os.Exit skips the removal.
func testMainOtherGuard(run func() int) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		log.Fatal(err)
	}
	if !keep {
		defer os.RemoveAll(dir)
	}
	r := run()
	if verbose {
		os.RemoveAll(dir)
	}
	os.Exit(r) // want `os.Exit ends the process without running deferred calls`
}

// The guard of the defer has an else (cmd/go's TestMain prints the kept
// directory there): the defer still runs only where !keep held, and the
// explicit removal under the same condition covers the exit.
func testMainGuardWithElse(run func() int) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		log.Fatal(err)
	}
	if !keep {
		defer os.RemoveAll(dir)
	} else {
		println("keeping", dir)
	}
	r := run()
	if !keep {
		os.RemoveAll(dir)
	}
	os.Exit(r) // ok
}
