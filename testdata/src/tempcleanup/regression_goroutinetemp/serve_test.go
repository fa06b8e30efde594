// Package regression_goroutinetemp: t.TempDir() is removed when the test
// returns; a goroutine the test started that still uses the directory
// would race that removal, so t.TempDir() is not suggested there.
package regression_goroutinetemp

import (
	"os"
	"path/filepath"
	"testing"
)

func serve(dir string) { os.WriteFile(filepath.Join(dir, "x"), nil, 0o600) }

func TestBackground(t *testing.T) {
	dir, err := os.MkdirTemp("", "srv-") // want `remove it once the goroutine that uses it is done \(wait for it, then remove\): t.TempDir\(\) would be removed under it when the test returns$`
	if err != nil {
		t.Fatal(err)
	}
	go serve(dir)
}

func TestBackgroundLit(t *testing.T) {
	dir, err := os.MkdirTemp("", "srv-") // want `remove it once the goroutine that uses it is done`
	if err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "s")
	go func() { os.WriteFile(sock, nil, 0o600) }()
}

func TestForeground(t *testing.T) {
	dir, err := os.MkdirTemp("", "srv-") // want `use t.TempDir\(\), which the testing package removes$`
	if err != nil {
		t.Fatal(err)
	}
	serve(dir)
}
