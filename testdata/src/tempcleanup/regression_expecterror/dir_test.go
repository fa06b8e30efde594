package regression_expecterror

import (
	"testing"

	"tempcleanup/expectlib"
)

func assertSkipped(t *testing.T, err error) {
	expectlib.RequireErrorAs(t, err, &ErrSkip{})
}

func TestBlank(t *testing.T) {
	_, err := MakeDir("  ") // expects the skip: nothing is made unless the test fails
	assertSkipped(t, err)
}

func TestDash(t *testing.T) {
	_, err := MakeDir("-")
	expectlib.RequireError(t, err)
}

func TestDashAs(t *testing.T) {
	_, err := MakeDir("-")
	expectlib.RequireErrorAs(t, err, &ErrSkip{})
}

func TestAsserts(t *testing.T) {
	_, err := MakeDir("-") // assert.Error: marks the test failed, and goes on
	expectlib.Error(t, err)
}

func TestErrorfWhenNil(t *testing.T) {
	_, err := MakeDir("-")
	expectlib.FailIfNil(t, err)
}

func TestExpectsSuccess(t *testing.T) {
	_, err := MakeDir("x") // want `temp directory from MakeDir is discarded and never removed`
	expectlib.RequireNoError(t, err)
}

func TestLogsOnly(t *testing.T) {
	_, err := MakeDir("x") // want `temp directory from MakeDir is discarded and never removed`
	expectlib.LogNil(t, err)
}

func TestComparesOnly(t *testing.T) {
	_, err := MakeDir("x") // want `temp directory from MakeDir is discarded and never removed`
	expectlib.Equal(t, err, errBlank)
}

func TestOtherError(t *testing.T) {
	_, err := MakeDir("x") // want `temp directory from MakeDir is discarded and never removed`
	var other error = ErrSkip{}
	expectlib.RequireError(t, other)
	_ = err
}
