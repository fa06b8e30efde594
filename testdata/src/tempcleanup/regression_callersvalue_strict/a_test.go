package regression_callersvalue_strict

import "testing"

// A test's fixture decides whether keyPath creates anything: -strict still
// reports the call that never removes what it may have made.
func TestKeyFile(t *testing.T) {
	p, err := keyPath("testdata/id_rsa") // want `temp file p from keyPath is not removed on any path, so it stays on disk when keyPath created it \(on another path keyPath returns its caller's own value instead\): remove it where it leaks, but only when it is not the value of yours that keyPath hands back \(compare it with that value first\)`
	if err != nil {
		t.Fatal(err)
	}
	if p != "testdata/id_rsa" {
		t.Errorf("got %s", p)
	}
}
