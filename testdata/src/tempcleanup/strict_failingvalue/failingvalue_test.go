// Package strict_failingvalue is the strict side of
// regression_failingvalue: under -strict, a leak on the error return of a
// helper held in a table is reported though every read fails the test.
package strict_failingvalue

import (
	"fmt"
	"io"
	"os"
	"testing"
)

func TestTable(t *testing.T) {
	newFile := func() (*os.File, error) {
		f, err := os.CreateTemp("", "x") // want `returned to the caller but not removed on the return that leaks it` `not closed on every path`
		if err != nil {
			return nil, err
		}
		if _, err := f.WriteString("data"); err != nil {
			return nil, fmt.Errorf("write: %v", err)
		}
		return f, nil
	}
	cases := []struct {
		name string
		open func() (*os.File, error)
	}{
		{name: "file", open: newFile},
	}
	for _, tc := range cases {
		r, err := tc.open()
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, r)
	}
}
