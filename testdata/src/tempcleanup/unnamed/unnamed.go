// Package unnamed: a creation whose results are never named can be
// removed only by the call they go to.
package unnamed

import (
	"fmt"
	"log"
	"os"
	"testing"
)

func logged(t *testing.T) {
	t.Log(os.MkdirTemp("", "x")) // want `temp directory from os.MkdirTemp is passed straight to t.Log, which only uses it, and is never removed, so it stays on disk: keep it in a variable and remove it when done`
}

func use(string) {}

func formatted() {
	use(fmt.Sprint(os.CreateTemp("", ""))) // want `temp file from os.CreateTemp is passed straight to fmt.Sprint, which only uses it`
}

func deferred() {
	defer os.MkdirTemp("", "x") // want `temp directory from os.MkdirTemp is discarded and never removed`
}

func started() {
	go os.MkdirTemp("", "x") // want `temp directory from os.MkdirTemp is discarded and never removed`
}

// printed to the user: left there on purpose.
func printed() {
	log.Println(os.MkdirTemp("", "crash-report")) // ok
}

// removeResult removes what it is given.
func removeResult(dir string, err error) {
	if err == nil {
		os.RemoveAll(dir)
	}
}

func removedByCallee() {
	removeResult(os.MkdirTemp("", "x")) // ok: the callee removes it
}

// describe only uses its argument.
func describe(dir string, err error) string { return fmt.Sprint(dir, err) }

func describedOnly() string {
	return describe(os.MkdirTemp("", "x")) // want `temp directory from os.MkdirTemp is passed straight to describe, which only uses it`
}

var kept []string

// keep stores its argument: the package owns it from there.
func keep(dir string, err error) {
	if err == nil {
		kept = append(kept, dir)
	}
}

func keptByCallee() {
	keep(os.MkdirTemp("", "x")) // ok: handed to keep
}

func callback(f func(string, error)) {
	f(os.MkdirTemp("", "x")) // ok: a function value, not known
}
