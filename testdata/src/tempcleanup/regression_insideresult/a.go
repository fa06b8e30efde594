// Package regression_insideresult: a function that returns only a path
// inside the temp directory it made gives its caller no way to the
// directory (git-lfs' ssh control socket directory, audit31 S3).
package regression_insideresult

import (
	"os"
	"path"
	"path/filepath"
)

// SockPath leaks its directory: the caller gets only the socket's path.
func SockPath() (string, error) {
	dir, err := os.MkdirTemp("", "sock-*") // want `temp directory dir from os.MkdirTemp is returned to the caller only as a path inside it but not removed on any path, so it stays on disk: return the directory too, or a function that removes it, so that the caller can remove it once done with the path`
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "lfs.sock"), nil
}

// Args puts the path in a child's arguments and returns those.
func Args() []string {
	dir, err := os.MkdirTemp("", "sock-*") // want `temp directory dir from os.MkdirTemp is returned to the caller only as a path inside it`
	if err != nil {
		return nil
	}
	return []string{"-oControlPath=" + filepath.Join(dir, "lfs.sock")}
}

func controlDir() (string, error) {
	d, err := os.MkdirTemp("", "sock-*")
	return d, err
}

// ControlPath gets the directory from a creator of the package.
func ControlPath() (controlPath string) {
	dir, err := controlDir() // want `temp directory dir from controlDir is returned to the caller only as a path inside it`
	if err == nil {
		controlPath = path.Join(dir, "lfs.sock")
	}
	return controlPath
}

// Negative: the directory itself goes back with the path.
func DirAndPath() (string, string, error) {
	dir, err := os.MkdirTemp("", "sock-*")
	if err != nil {
		return "", "", err
	}
	return dir, filepath.Join(dir, "lfs.sock"), nil
}

// Negative: a function that removes the directory goes back with the path.
func PathAndCleanup() (string, func(), error) {
	dir, err := os.MkdirTemp("", "sock-*")
	if err != nil {
		return "", nil, err
	}
	return filepath.Join(dir, "lfs.sock"), func() { os.RemoveAll(dir) }, nil
}

// Negative: the only caller of the package removes the parent of the
// path it is given, so the return hands the directory over.
func scratchFile() (string, error) {
	dir, err := os.MkdirTemp("", "scratch-*")
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "data"), nil
}

func UseScratch() error {
	p, err := scratchFile()
	if err != nil {
		return err
	}
	defer os.RemoveAll(filepath.Dir(p))
	return os.WriteFile(p, nil, 0o600)
}

// Positive: a caller that removes the path, not its parent, leaves the
// directory.
func scratchFile2() (string, error) {
	dir, err := os.MkdirTemp("", "scratch-*") // want `temp directory dir from os.MkdirTemp is returned to the caller only as a path inside it`
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "data"), nil
}

func UseScratch2() error {
	p, err := scratchFile2()
	if err != nil {
		return err
	}
	defer os.Remove(p)
	return os.WriteFile(p, nil, 0o600)
}

// Negative: a path inside a directory the caller passed in leaves the
// caller the owner of that directory.
func Inside(dir string) string {
	return filepath.Join(dir, "lfs.sock")
}

func UseInside() error {
	dir, err := os.MkdirTemp("", "sock-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return os.WriteFile(Inside(dir), nil, 0o600)
}
