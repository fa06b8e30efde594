// Package regression_shownviafield pins a wrong count found in a build
// tool: a temp work directory whose output is shown to the user through a
// path that reaches the print by a struct field of a local value and a
// glob of the directory. The exits after the path is shown are the
// success hand-off, not leaks; only the exits before it leak. An error
// that names a path inside the directory shows nothing: it is context.
package regression_shownviafield

import (
	"log"
	"os"
	"os/exec"
	"path/filepath"
)

// The build's directory is found by a glob inside the temp dir, kept in
// the command's Dir field, joined and printed: the exits after the first
// print are not leaks. The glob's failure leaks, and so does the exit on
// an error that names a file inside the directory only as context.
func build() error {
	dir, err := os.MkdirTemp("", "work") // want `temp directory dir from os.MkdirTemp is shown to the user but not removed on the 2 exits that leak it`
	if err != nil {
		return err
	}
	found, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		return err // a leak: nothing names the directory yet
	}
	if len(found) != 1 {
		log.Fatalf("no unique build dir in %q: %q", dir, found)
	}
	// The error of a write inside the dir names the file only as
	// context: not shown, a leak.
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
	return nil
}

// The same build whose field never receives a path inside the temp dir:
// the print shows another directory, and no path returns the directory
// to anyone.
func buildElsewhere(src string) error {
	dir, err := os.MkdirTemp("", "work") // want `temp directory dir from os.MkdirTemp is not removed on any path`
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

// Printing the error of a failed call on a path inside the directory
// neither shows the directory nor hands it over: the exits after the
// deferred removal still skip it.
func setUp(run func() int) {
	dir, err := os.MkdirTemp("", "work")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		log.Fatalf("setting up %s: %v", "bin", err) // want `log.Fatalf ends the process without running deferred calls here and at one more exit`
	}
	os.Exit(run())
}
