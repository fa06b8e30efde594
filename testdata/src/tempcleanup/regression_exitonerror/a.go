// Package regression_exitonerror: a helper that ends the process when its
// error argument is not nil (go-git's CheckIfError, audit31 S11) skips the
// deferred removals on the path where it exits.
package regression_exitonerror

import (
	"log"
	"os"

	"tempcleanup/exitlib"
)

func work(dir string) error { return os.WriteFile(dir+"/x", nil, 0o600) }

// Blame is go-git's _examples/blame: the helper checks the creation's
// error (no object then), and later a failure that leaves the directory.
func Blame() {
	tmp, err := os.MkdirTemp("", "go-git-blame-*")
	exitlib.CheckIfError(err)
	defer os.RemoveAll(tmp)

	err = work(tmp)
	exitlib.CheckIfError(err) // want `exitlib.CheckIfError ends the process when the error it is given is not nil, without running deferred calls, so the deferred removal of temp directory tmp \(line 18\) never runs and it stays on disk: test the error here and remove it before exiting, or return the error to a caller that exits`
}

// Twice: two such exits are one finding.
func Twice() {
	tmp, err := os.MkdirTemp("", "x-*")
	exitlib.CheckIfError(err)
	defer os.RemoveAll(tmp)
	exitlib.Must("first", work(tmp)) // want `exitlib.Must ends the process when the error it is given is not nil, without running deferred calls here and at one more exit, .*: remove it explicitly before each of these exits \(where a helper exits on a non-nil error, test the error and remove it only then\), or exit from a function that returns`
	exitlib.CheckIfError(work(tmp))
}

// Explicit: removed at the end, not before the exit in the middle.
func Explicit() {
	tmp, err := os.MkdirTemp("", "x-*") // want `temp directory tmp from os.MkdirTemp is not removed on every path, so it stays on disk: remove it before each exit that ends the process \(where a helper exits on a non-nil error, test the error and remove it only then\): a deferred removal does not run there`
	exitlib.CheckIfError(err)
	exitlib.CheckIfError(work(tmp))
	os.RemoveAll(tmp)
}

// checkErr is a helper of the package: its body says it exits.
func checkErr(err error) {
	if err != nil {
		println(err.Error())
		os.Exit(1)
	}
}

func Local() {
	f, err := os.CreateTemp("", "x-*")
	checkErr(err)
	defer os.Remove(f.Name())
	_, err = f.WriteString("x")
	checkErr(err) // want `checkErr ends the process when the error it is given is not nil, without running deferred calls, so the deferred removal of temp file f \(line 52\) never runs`
	f.Close()
}

// Negative: the creation's error alone is checked with the helper.
func CreationOnly() error {
	tmp, err := os.MkdirTemp("", "x-*")
	exitlib.CheckIfError(err)
	defer os.RemoveAll(tmp)
	return work(tmp)
}

// Negative: helpers that do not end the process.
func NoExit() {
	tmp, err := os.MkdirTemp("", "x-*")
	exitlib.PanicIf(err)
	defer os.RemoveAll(tmp)
	exitlib.Warn(work(tmp))
	exitlib.PanicIf(work(tmp)) // a panic runs the deferred removal
}

// Negative: the removal comes before the helper's exit.
func RemovedFirst() {
	tmp, err := os.MkdirTemp("", "x-*")
	exitlib.CheckIfError(err)
	defer os.RemoveAll(tmp)
	err = work(tmp)
	if err != nil {
		os.RemoveAll(tmp)
	}
	exitlib.CheckIfError(err)
}

// Negative: helpers whose fact is not computed (they exit on nil, or
// return on some errors) are plain calls.
func NotOnError(quiet bool) {
	tmp, err := os.MkdirTemp("", "x-*")
	if err != nil {
		return
	}
	defer os.RemoveAll(tmp)
	exitlib.ExitSometimes(work(tmp), quiet)
	exitlib.ExitOnNil(work(tmp))
}

// ExplicitFatal: the same with log.Fatal; the hint is no deferred removal,
// which the exit would skip as well.
func ExplicitFatal() {
	tmp, err := os.MkdirTemp("", "x-*") // want `temp directory tmp from os.MkdirTemp is not removed on every path, so it stays on disk: remove it before each exit that ends the process: a deferred removal does not run there`
	if err != nil {
		log.Fatal(err)
	}
	if err := work(tmp); err != nil {
		log.Fatal(err)
	}
	os.RemoveAll(tmp)
}
