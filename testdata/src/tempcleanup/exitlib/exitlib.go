// Package exitlib holds error checkers for regression_exitonerror: the
// callers in another package learn from a fact which of them exit.
package exitlib

import (
	"fmt"
	"log"
	"os"
)

// CheckIfError ends the process when err is not nil (go-git's examples).
func CheckIfError(err error) { // want CheckIfError:"exitsOnError\\(0\\)"
	if err == nil {
		return
	}
	fmt.Printf("\x1b[31;1m%s\x1b[0m\n", fmt.Sprintf("error: %s", err))
	os.Exit(1)
}

// Must ends the process through log.Fatal when err is not nil.
func Must(msg string, err error) { // want Must:"borrows\\(0\\)" Must:"exitsOnError\\(1\\)"
	if err != nil {
		log.Fatalf("%s: %v", msg, err)
	}
}

// Warn only prints.
func Warn(err error) {
	if err != nil {
		fmt.Println("warning:", err)
	}
}

// PanicIf panics: deferred calls run.
func PanicIf(err error) {
	if err != nil {
		panic(err)
	}
}

// ExitAlways ends the process whatever it is given: no fact (it does not
// return when err is nil).
func ExitAlways(err error) {
	fmt.Println(err)
	os.Exit(2)
}

// ExitOnNil ends the process when err is nil: no fact.
func ExitOnNil(err error) {
	if err != nil {
		return
	}
	os.Exit(0)
}

// ExitSometimes returns on some non-nil errors: no fact.
func ExitSometimes(err error, quiet bool) {
	if err == nil || quiet {
		return
	}
	os.Exit(1)
}
