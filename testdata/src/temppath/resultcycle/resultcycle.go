// Package resultcycle: a named result assigned from a creation that takes
// the result itself as its directory ("contentDir, err =
// ioutil.TempDir(contentDir, "")", buildah's MountTemp) once sent the
// path evaluator round in circles until the stack overflowed.
package resultcycle

import (
	"errors"
	"io/ioutil"
	"os"
	"path/filepath"
)

func containerDir() (string, error) { return "", errors.New("x") }

func MountTemp() (mount string, contentDir string, Err error) {
	cd, err := containerDir()
	if err != nil {
		return "", "", err
	}
	contentDir = filepath.Join(cd, "overlay")
	if err := os.MkdirAll(contentDir, 0o700); err != nil {
		return "", "", err
	}
	contentDir, err = ioutil.TempDir(contentDir, "")
	if err != nil {
		return "", "", err
	}
	defer func() {
		if Err != nil {
			os.RemoveAll(contentDir)
		}
	}()
	upper := filepath.Join(contentDir, "upper")
	if err := os.MkdirAll(upper, 0o700); err != nil {
		return "", "", err
	}
	return upper, contentDir, nil
}

// Beside it, the package's other creations are still judged.
func fixed() error {
	dir := "/tmp/fixed"
	return os.MkdirAll(dir, 0o700) // want `os.MkdirAll at a predictable name in shared temp dir`
}
