// Package regression_printed pins false positives found in the standard
// library (runtime/debug's crash monitor example, cmd/cgo's testshared): a
// temp object whose path is printed for the user is left for the user on
// purpose.
package regression_printed

import (
	"flag"
	"fmt"
	"log"
	"os"
)

var keep = flag.Bool("work", false, "keep the work directory")

func work() error {
	dir, err := os.MkdirTemp("", "work")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Printf("WORK=%s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	return nil
}

func crashReport(crash []byte) {
	f, err := os.CreateTemp("", "*.crash")
	if err != nil {
		log.Fatal(err)
	}
	f.Write(crash)
	f.Close()
	log.Fatalf("saved crash report at %s", f.Name())
}

// A path mentioned only in an error is not shown to anyone in particular.
func notShown() error {
	dir, err := os.MkdirTemp("", "work") // want `not removed on any path`
	if err != nil {
		return err
	}
	return fmt.Errorf("made %s", dir)
}
