// Package overwrittenresult: a deferred function literal that removes the
// temp object through a named result reads the result when it runs, after
// the return has assigned it. A return that puts a constant there leaves
// the deferred removal nothing to remove (docker/cli's writeTempDockerfile
// and nerdctl's WriteTempDockerfile).
package overwrittenresult

import (
	"errors"
	"io"
	"os"
	"path/filepath"
)

// writeTempDockerfile returns "" with its errors: the deferred removal
// then removes "".
func writeTempDockerfile(rc io.Reader) (dockerfileDir string, err error) {
	dockerfileDir, err = os.MkdirTemp("", "build-") // want `temp directory dockerfileDir from os.MkdirTemp is removed by a deferred call that reads the named result dockerfileDir when it runs, and 2 returns set dockerfileDir to "" before that`
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dockerfileDir)
		}
	}()
	f, err := os.Create(filepath.Join(dockerfileDir, "Dockerfile"))
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := io.Copy(f, rc); err != nil {
		return "", err
	}
	return dockerfileDir, nil
}

// writeTempDockerfileKept returns the directory with its errors: the
// deferred removal finds it there.
func writeTempDockerfileKept(rc io.Reader) (dockerfileDir string, err error) {
	dockerfileDir, err = os.MkdirTemp("", "build-")
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dockerfileDir)
		}
	}()
	f, err := os.Create(filepath.Join(dockerfileDir, "Dockerfile"))
	if err != nil {
		return dockerfileDir, err
	}
	defer f.Close()
	_, err = io.Copy(f, rc)
	return
}

// writeTempDockerfileCopy removes a copy of the name, which no return
// assigns.
func writeTempDockerfileCopy(rc io.Reader) (dockerfileDir string, err error) {
	dockerfileDir, err = os.MkdirTemp("", "build-")
	if err != nil {
		return "", err
	}
	dir := dockerfileDir
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	f, err := os.Create(filepath.Join(dir, "Dockerfile"))
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := io.Copy(f, rc); err != nil {
		return "", err
	}
	return dir, nil
}

// keyFile keeps a file's name in its named result, and empties it when a
// write fails.
func keyFile(key []byte) (name string, err error) {
	f, err := os.CreateTemp("", "key-") // want `temp file f from os.CreateTemp is removed by a deferred call that reads the named result name when it runs, and this return sets name to "" before that`
	if err != nil {
		return "", err
	}
	name = f.Name()
	defer func() {
		if err != nil {
			os.Remove(name)
		}
	}()
	if _, err := f.Write(key); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return name, err
	}
	return name, nil
}

// scratch removes its directory with a deferred call whose argument is
// evaluated at the defer statement: what the return assigns later does
// not change it.
func scratch(data []byte) (out string, err error) {
	out, err = os.MkdirTemp("", "scratch-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(out)
	if len(data) == 0 {
		return "", errors.New("no data")
	}
	return "", os.WriteFile(filepath.Join(out, "data"), data, 0o600)
}

// makeTemp returns nil with its error: the deferred call then finds f nil,
// and f.Name() panics before anything is removed.
func makeTemp(d []byte) (f *os.File, err error) {
	f, err = os.CreateTemp("", "x") // want `temp file f from os.CreateTemp is removed by a deferred call that reads the named result f when it runs, and this return sets f to nil before that`
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(d); err != nil {
		return nil, err
	}
	return f, nil
}
