package a

import (
	"os"
	"path/filepath"
	"testing"
)

func testPrivate(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x"), nil, 0o644)
	os.Create(filepath.Join(dir, "y"))
}
