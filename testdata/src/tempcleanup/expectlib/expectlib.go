// Package expectlib is an assertion library in the style of testify: its
// assertions return whether they held, and its requirements end the test
// (FailNow) when they do not.
package expectlib

import "errors"

// TestingT is what the assertions need of a *testing.T.
type TestingT interface {
	Errorf(format string, args ...any)
	FailNow()
}

// Fail records a failure and reports that the assertion did not hold.
func Fail(t TestingT, msg string) bool {
	t.Errorf("%s", msg)
	return false
}

// Error asserts that err is an error: false (a failed test) when it is nil.
func Error(t TestingT, err error) bool {
	if err == nil {
		return Fail(t, "an error is expected but got nil")
	}
	return true
}

// ErrorAs asserts that err matches target.
func ErrorAs(t TestingT, err error, target any) bool {
	if errors.As(err, target) {
		return true
	}
	return Fail(t, "error does not match")
}

// RequireError ends the test when err is nil.
func RequireError(t TestingT, err error) {
	if Error(t, err) {
		return
	}
	t.FailNow()
}

// RequireErrorAs ends the test when err does not match target (a nil err
// never does).
func RequireErrorAs(t TestingT, err error, target any) {
	if ok := ErrorAs(t, err, target); !ok {
		t.FailNow()
	}
}

// RequireNoError ends the test when err is not nil.
func RequireNoError(t TestingT, err error) {
	if err != nil {
		t.FailNow()
	}
}

// Equal reports whether a and b are equal, whatever they are.
func Equal(t TestingT, a, b any) bool {
	if a == b {
		return true
	}
	return Fail(t, "not equal")
}

// Logger logs.
type Logger interface {
	Logf(format string, args ...any)
}

// LogNil logs a nil err and goes on: the test does not fail.
func LogNil(t Logger, err error) {
	if err == nil {
		t.Logf("no error")
	}
}

// FailIfNil reports a nil err as a failure and goes on.
func FailIfNil(t TestingT, err error) {
	if err == nil {
		t.Errorf("no error")
	}
}
