package rootcause // want package:"createsPkg"

import (
	"os"
	"path/filepath"
)

// The root keeps its fix, which the creations inside it follow through the
// variable.
func fixed() error {
	work := filepath.Join(os.TempDir(), "rootcause-work")
	if err := os.MkdirAll(work, 0o700); err != nil { // want `os.MkdirAll at a predictable name .* \(and 2 creations inside it\)$`
		return err
	}
	os.Mkdir(filepath.Join(work, "sub"), 0o700)
	return os.WriteFile(filepath.Join(work, "sub", "f"), nil, 0o600)
}
