// Package rtest is a test helper package that runs commands somewhere, so
// it may start a process; its assertions start none.
package rtest // want package:"startsProcess"

import (
	"os/exec"
	"testing"
)

// OK fails the test on an error: it starts nothing (testing.TB is sealed).
func OK(tb testing.TB, err error) {
	tb.Helper()
	if err != nil {
		tb.Fatalf("unexpected error: %v", err)
	}
}

// RunCmd runs a command.
func RunCmd(tb testing.TB, name string) { // want RunCmd:"startsProcessFunc"
	if err := exec.Command(name).Run(); err != nil {
		tb.Fatal(err)
	}
}

// Logger logs somewhere.
type Logger interface{ Log(string) }

// LogTo logs through an interface any package may implement.
func LogTo(l Logger, msg string) { // want LogTo:"startsProcessFunc"
	l.Log(msg)
}
