package testfiles

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFixture(t *testing.T) {
	os.WriteFile("/tmp/fixture.conf", nil, 0o600)                        // want `os.WriteFile at a predictable name in shared temp dir`
	os.WriteFile(filepath.Join(t.TempDir(), "fixture.conf"), nil, 0o600) // ok: private
}
