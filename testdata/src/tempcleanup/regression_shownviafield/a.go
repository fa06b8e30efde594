// Package regression_shownviafield pins a wrong count found in a build
// tool: a temp work directory whose output is shown to the user through a
// path that reaches the print by a struct field of a local value and a
// glob of the directory. The exits after the path is shown are the
// success hand-off, not leaks; only the exit before it leaks.
package regression_shownviafield

import (
	"log"
	"os"
	"os/exec"
	"path/filepath"
)

// The build's directory is found by a glob inside the temp dir, kept in
// the command's Dir field, joined and printed: the exits after the first
// print are not leaks, nor the exit that prints an error naming a file
// inside it. Only the glob's failure leaks: its error names nothing.
func build() {
	dir, err := os.MkdirTemp("", "work") // want `temp directory dir from os.MkdirTemp is shown to the user but not removed on the exit that leaks it`
	if err != nil {
		log.Fatal(err)
	}
	found, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		log.Fatal(err) // the only leak: nothing names the directory yet
	}
	if len(found) != 1 {
		log.Fatalf("no unique build dir in %q: %q", dir, found)
	}
	// The error of a write inside the dir names the file: shown too.
	if err := os.WriteFile(filepath.Join(found[0], "config"), nil, 0o644); err != nil {
		log.Fatal(err)
	}
	c := exec.Command("make")
	c.Dir = found[0]
	log.Printf("building in %q", c.Dir)
	if err := c.Run(); err != nil {
		log.Fatalf("make: %v", err)
	}
	out := filepath.Join(c.Dir, "out")
	if _, err := os.Stat(out); err != nil {
		log.Fatal(err)
	}
	log.Printf("the output is %q", out)
}

// The same build whose field never receives a path inside the temp dir:
// the print shows another directory, and no path returns the directory
// to anyone.
func buildElsewhere(src string) error {
	dir, err := os.MkdirTemp("", "work") // want `temp directory dir from os.MkdirTemp is not removed on every path`
	if err != nil {
		return err
	}
	found, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		return err
	}
	c := exec.Command("make", found...)
	c.Dir = src
	log.Printf("building in %q", c.Dir)
	return c.Run()
}
