package regression_testobjprodtype

import (
	"os"
	"testing"
)

type fixture struct{ dir string }

func TestServer(t *testing.T) {
	s := &server{}
	var err error
	s.root, err = os.MkdirTemp("", "root-") // want `field root holds a temp directory from os.MkdirTemp that no method of server removes, so it stays on disk: remove it in the test that made it \(t.Cleanup\), or create it in t.TempDir\(\); server is production code$`
	if err != nil {
		t.Fatal(err)
	}
	_ = s
}

func TestFixture(t *testing.T) {
	f := &fixture{}
	var err error
	f.dir, err = os.MkdirTemp("", "fx-") // want `no method of fixture removes, so it stays on disk: remove it in a Close or cleanup method of fixture$`
	if err != nil {
		t.Fatal(err)
	}
	_ = f
}
