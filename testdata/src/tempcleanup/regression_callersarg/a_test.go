package regression_callersarg

import "testing"

// A test passes a key file's path: keyPath creates nothing here. Whether a
// test's call creates is its fixture's choice: strict-only.
func TestKeyFile(t *testing.T) {
	p, err := keyPath("testdata/id_rsa")
	if err != nil {
		t.Fatal(err)
	}
	if p != "testdata/id_rsa" {
		t.Errorf("got %s", p)
	}
}
