// Package leakfix: hints and fixes that remove a temp object only on the
// paths that leak it, when the function keeps it on its success path.
package leakfix

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

func compile(dir string) error { return nil }

// built returns the directory on success: removing it on every path would
// delete what the caller gets. The error returns leak it; the results get
// names so that a deferred removal can test the error.
func built(src string) (string, error) {
	dir, err := os.MkdirTemp("", "build-") // want `temp directory dir from os.MkdirTemp is returned to the caller but not removed on the 2 returns that leak it, so it stays on disk there: remove it there only: name the error result err and defer func\(\) \{ if err != nil \{ os.RemoveAll\(dir\) \} \}\(\) right after the error check`
	if err != nil {
		return "", err
	}
	if err := compile(dir); err != nil {
		return "", fmt.Errorf("compiling %s: %w", src, err)
	}
	if src == "" {
		return "", errors.New("no source")
	}
	return dir, nil
}

// namedErr: the error result already has a name; it is tested as is.
func namedErr() (path string, rerr error) {
	dir, err := os.MkdirTemp("", "x-") // want `returned to the caller but not removed on the return that leaks it, .*: remove it there only: defer func\(\) \{ if rerr != nil \{ os.RemoveAll\(dir\) \} \}\(\) right after the error check`
	if err != nil {
		return "", err
	}
	if err := compile(dir); err != nil {
		return "", err
	}
	return dir, nil
}

type server struct{ sockDir string }

// start keeps the directory in a field; the function's only result is an
// error, which gets a name.
func (s *server) start() error {
	dir, err := os.MkdirTemp("", "sock-") // want `temp directory dir from os.MkdirTemp is stored for later but not removed on the return that leaks it, .*name the error result err and defer func`
	if err != nil {
		return err
	}
	if err := compile(filepath.Join(dir, "s")); err != nil {
		return err
	}
	s.sockDir = dir // want `field sockDir holds a temp directory from os.MkdirTemp that no method of server removes`
	return nil
}

// quietFailure returns nil on a path that leaks: a removal conditioned on
// the error would miss it, so the removal goes before each leaking return.
func quietFailure(ok bool) (string, error) {
	f, err := os.CreateTemp("", "x-*.txt") // want `temp file f from os.CreateTemp is returned to the caller but not removed on the 2 returns that leak it, .*: remove it there only: call os.Remove\(f.Name\(\)\) before each leaking exit`
	if err != nil {
		return "", err
	}
	defer f.Close()
	if !ok {
		return "", nil
	}
	if _, err := f.WriteString("x"); err != nil {
		return "", fmt.Errorf("writing %s: %w", f.Name(), err)
	}
	return f.Name(), nil
}

// neverKept: the directory never outlives the function, so the removal is
// deferred right after the error check.
func neverKept() error {
	dir, err := os.MkdirTemp("", "scratch-") // want `temp directory dir from os.MkdirTemp is not removed on any path, so it stays on disk: defer os.RemoveAll\(dir\) right after the error check`
	if err != nil {
		return err
	}
	if err := compile(dir); err != nil {
		return err
	}
	return nil
}

// noResult keeps the directory in a caller's slice on one path and leaks
// it at the end of the body: the removal goes before the closing brace.
func noResult(keep *[]string, ok bool) {
	dir, err := os.MkdirTemp("", "x-") // want `stored for later but not removed on the return that leaks it.*call os.RemoveAll\(dir\) before each leaking exit`
	if err != nil {
		return
	}
	if ok {
		*keep = append(*keep, dir)
		return
	}
}

// inSwitch leaks in a case body (with a nil error) and at the last return:
// the removals are indented as the statements they precede.
func inSwitch(mode int) (string, error) {
	dir, err := os.MkdirTemp("", "x-") // want `returned to the caller but not removed on the 2 returns that leak it.*call os.RemoveAll\(dir\) before each leaking exit`
	if err != nil {
		return "", err
	}
	switch mode {
	case 0:
		return dir, nil
	case 1:
		return "", nil
	}
	return "", fmt.Errorf("bad mode %d", mode)
}
