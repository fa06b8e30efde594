// Package regression_correlated pins false positives where the branch that
// releases the temp object is chosen by a condition carried from the
// creation's error: a boolean derived from it, or a nil check of the
// object. The path on which the object exists is the path on which it is
// removed.
package regression_correlated

import "os"

func work() error

func ownedFlag() error {
	f, err := os.CreateTemp("", "x")
	owned := err == nil
	if err := work(); err != nil && !owned {
		return err
	}
	if owned {
		os.Remove(f.Name())
	}
	return err
}

func ownedFlagWrong() error {
	f, err := os.CreateTemp("", "x") // want `not removed on any path`
	owned := err != nil              // the wrong way round: removes only when it failed
	if owned {
		os.Remove(f.Name())
	}
	return err
}

func fileNotNil() {
	f, _ := os.CreateTemp("", "x")
	if f != nil {
		defer os.Remove(f.Name())
	}
	work()
}

func fileNotNilOtherBranch() {
	f, _ := os.CreateTemp("", "x") // want `not removed on any path`
	if f != nil {
		work()
		return
	}
	os.Remove(f.Name())
}

func dirNotEmpty() {
	dir, _ := os.MkdirTemp("", "x")
	if dir != "" {
		defer os.RemoveAll(dir)
	}
	work()
}

func fileReassigned() {
	f, _ := os.CreateTemp("", "x") // want `not removed on any path`
	g := f
	f = nil
	if f != nil {
		os.Remove(g.Name())
	}
}

func createdFlag() {
	created := false
	dir, err := os.MkdirTemp("", "x")
	if err == nil {
		created = true
	}
	work()
	if created {
		os.RemoveAll(dir)
	}
}

func createdFlagSetEarly() {
	created := true
	dir, err := os.MkdirTemp("", "x") // want `not removed on any path`
	if err != nil {
		return
	}
	created = work() == nil
	if created {
		os.RemoveAll(dir)
	}
}

// setup returns a cleanup function for the temp directory it made, or nil
// when it made none.
func setup() (func(), bool) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return nil, false
	}
	return func() { os.RemoveAll(dir) }, true
}

func cleanupNotNil() int {
	cleanup, ok := setup()
	if cleanup != nil {
		defer cleanup()
	}
	if !ok {
		return 1
	}
	return 0
}

func cleanupNotNilOtherBranch() int {
	cleanup, _ := setup() // want `not removed on any path`
	if cleanup != nil {
		return 1
	}
	cleanup()
	return 0
}
