// Package app uses scratch space; tmplint's tempcleanup analyzer follows
// the scratch directory across the package boundary.
package app

import (
	"os"

	"github.com/tmplint/tmplint/testdata/demo/scratch"
)

// Build leaks its scratch dir whenever the build fails.
func Build(src []byte) error {
	dir, err := scratch.Workdir() // finding: tempcleanup
	if err != nil {
		return err
	}
	if err := compile(dir, src); err != nil {
		return err // the dir is left behind here
	}
	return scratch.Discard(dir)
}

// BuildClean removes the scratch dir on every path.
func BuildClean(src []byte) error {
	dir, err := scratch.Workdir()
	if err != nil {
		return err
	}
	defer scratch.Discard(dir)
	return compile(dir, src)
}

// Spool leaves a temp file behind on every path.
func Spool(data []byte) error {
	f, err := os.CreateTemp("", "spool-*.dat") // finding: tempcleanup // finding(strict): filemode
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Write(data)
	return err
}

func compile(dir string, src []byte) error {
	if len(src) == 0 {
		return os.ErrInvalid
	}
	return nil
}
