// Package regression_derivedtake: a path inside a temp directory
// (filepath.Join(dir, "objects")) kept by a function that takes it, or
// stored by the function itself, keeps the directory in use but hands
// nothing off: whoever holds the path cannot remove the directory.
// git-lfs's githistory.DatabaseFromFixture copies a fixture into a temp
// directory and opens an object database on its "objects" subdirectory:
// the directory stays on disk after every test.
package regression_derivedtake

import (
	"os"
	"path/filepath"

	"tempcleanup/borrowlib"
)

type database struct{ root string }

// open keeps its path: it takes it.
func open(root string) (*database, error) {
	return &database{root: root}, nil
}

// copyToTmp returns a temp directory for the caller to remove.
func copyToTmp(src string) (string, error) {
	dir, err := os.MkdirTemp("", "fixture")
	if err != nil {
		return "", err
	}
	return dir, nil
}

// fromFixture: the database keeps a path inside the directory, nobody
// removes the directory.
func fromFixture(name string) *database {
	path, err := copyToTmp(name) // want `temp directory path from copyToTmp is still in use when the function returns but not removed on any path, so it stays on disk: remove it once what uses it is done, not at these exits`
	if err != nil {
		panic(err)
	}
	db, err := open(filepath.Join(path, "objects"))
	if err != nil {
		panic(err)
	}
	return db
}

// fromFixtureRoot: the database keeps the directory itself, a real
// hand-off.
func fromFixtureRoot(name string) *database {
	path, err := copyToTmp(name)
	if err != nil {
		panic(err)
	}
	db, err := open(path)
	if err != nil {
		panic(err)
	}
	return db
}

// intoRegistry: another package's function keeps a path inside the
// directory (borrowlib.Registry.AddObjects); the error path and the
// success path leak it.
func intoRegistry(r *borrowlib.Registry) error {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is still in use when the function returns but not removed on`
	if err != nil {
		return err
	}
	r.AddObjects(dir)
	return nil
}

// intoRegistryRoot: borrowlib.Registry.Add keeps the directory itself.
func intoRegistryRoot(r *borrowlib.Registry) error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	r.Add(dir, true)
	return nil
}

var current struct{ objects, root string }

// storeInside stores a path inside the directory in a global: the
// directory is in use, and nobody can remove it.
func storeInside() error {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is still in use when the function returns but not removed on any path`
	if err != nil {
		return err
	}
	current.objects = filepath.Join(dir, "objects")
	return nil
}

// storeRoot stores the directory itself: handed off.
func storeRoot() error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	current.root = dir
	return nil
}

// argsList: a path inside the directory goes into a local list, whose fate
// is not followed (here it is returned): a hand-off, as a local composite
// value is.
func argsList() ([]string, error) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, err
	}
	var args []string
	args = append(args, "-C", filepath.Join(dir, "repo"))
	return args, nil
}
