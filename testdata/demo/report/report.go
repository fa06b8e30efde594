// Package report writes reports the way many CLIs do, with the mistakes
// tmplint's filemode and temppath analyzers catch.
package report

import (
	"os"
	"path/filepath"
)

// Publish writes the report where another tool picks it up: a fixed name
// in shared temp, mode 0666 before umask: another user can take the name
// or read the file (one finding: temppath's os.CreateTemp makes it 0600).
func Publish(data []byte) error {
	f, err := os.Create(filepath.Join(os.TempDir(), "report.json")) // finding: temppath // finding(strict): filemode
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// SaveSettings writes a config file with a mode that reads as octal but
// is decimal: 644 is 0o1204.
func SaveSettings(path string, data []byte) error {
	return os.WriteFile(path, data, 644) // finding: filemode
}

// ShareDir makes a directory writable by every user.
func ShareDir(dir string) error {
	return os.Chmod(dir, 0o777) // finding: filemode
}

// SaveCache writes a file whose mode the umask decides: the Go convention,
// quiet by default, reported in the strict profile.
func SaveCache(path string, data []byte) error {
	return os.WriteFile(path, data, 0o644) // finding(strict): filemode
}

// Private writes into a directory this code created private: fine.
func Private(data []byte) error {
	dir, err := os.MkdirTemp("", "report-") // finding(strict): filemode
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return os.WriteFile(filepath.Join(dir, "out.json"), data, 0o600)
}

// Reviewed is a deliberate world-writable chmod, silenced with a reason.
func Reviewed(dir string) error {
	//tmplint:ignore filemode the drop box is shared by design and has the sticky bit set by the installer
	return os.Chmod(dir, 0o777)
}

// Stale carries a suppression that no longer silences anything: tmplint
// reports it so that it is removed.
func Stale(path string, data []byte) error {
	//tmplint:ignore temppath the name used to be fixed // finding: temppath
	return os.WriteFile(path, data, 0o600)
}
