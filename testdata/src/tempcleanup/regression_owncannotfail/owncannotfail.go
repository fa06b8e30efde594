// Package regression_owncannotfail pins a debatable finding (issue 26,
// strict reads s30 group 7 and s31): a temp object left only on the
// returns taken when an operation fails that does not fail on an object
// the process owns, or in a process that has a working directory —
// os.Chmod of the object, Seek to a constant position of the temp file,
// crypto/rand.Read, filepath.Abs, os.Getwd. Those returns are not
// searched in the default profile (strict reports them). Writes, Sync,
// Chown, a Chmod of a path inside the object, a Seek to a computed
// position and filepath.EvalSymlinks can fail, and a return on their
// error still leaks.
package regression_owncannotfail

import (
	"crypto/rand"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// The containerd native snapshotter's shape: the only return before the
// guarded deferred removal is the Chmod's.
func chmodDir() (_ string, err error) {
	td, err := os.MkdirTemp("", "new-")
	if err != nil {
		return "", err
	}
	if err := os.Chmod(td, 0o755); err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(td)
		}
	}()
	if err := populate(td); err != nil {
		return "", err
	}
	return td, nil
}

func chmodFile(data []byte) (*os.File, error) {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o644); err != nil {
		return nil, err
	}
	if err := os.Chmod(f.Name(), 0o600); err != nil {
		return nil, err
	}
	return f, nil
}

// The net/http tests' shape without the write: the file is rewound.
func seekFile() (io.Reader, error) {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return f, nil
}

func randomName() (string, error) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return "", err
	}
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return dir, nil
}

// Assigned to an error variable declared before, and tested later.
func chmodAssigned() (string, error) {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return "", err
	}
	err = os.Chmod(dir, 0o700)
	if err != nil {
		return "", err
	}
	return dir, nil
}

// A write can fail (a full disk, a quota): its return still leaks, and the
// message names that return only.
func writeThenSeek(src io.Reader) (io.Reader, error) {
	f, err := os.CreateTemp("", "x") // want `returned to the caller but not removed on the return that leaks it`
	if err != nil {
		return nil, err
	}
	if _, err := io.CopyN(f, src, 1024); err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, 0); err != nil {
		return nil, err
	}
	return f, nil
}

// A path inside the object may not exist.
func chmodInside() (string, error) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return "", err
	}
	if err := os.Chmod(filepath.Join(dir, "bin"), 0o755); err != nil {
		return "", err
	}
	return dir, nil
}

// Giving a file away needs privilege.
func chown(uid, gid int) (string, error) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return "", err
	}
	if err := os.Chown(dir, uid, gid); err != nil {
		return "", err
	}
	return dir, nil
}

// A computed position may be negative.
func seekComputed(off int64) (io.Reader, error) {
	f, err := os.CreateTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return nil, err
	}
	if _, err := f.Seek(off, io.SeekStart); err != nil {
		return nil, err
	}
	return f, nil
}

// Sync reports write-back errors.
func sync() (*os.File, error) {
	f, err := os.CreateTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return nil, err
	}
	if err := f.Sync(); err != nil {
		return nil, err
	}
	return f, nil
}

// A read from a reader, even crypto/rand's, is not crypto/rand.Read.
func randomReader(b []byte) (string, error) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return "", err
	}
	if _, err := io.ReadFull(rand.Reader, b); err != nil {
		return "", err
	}
	return dir, nil
}

// The Chmod of another object says nothing about this one's path.
func chmodOther(other string) (string, error) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return "", err
	}
	if err := os.Chmod(other, 0o755); err != nil {
		return "", err
	}
	return dir, nil
}

// The branch is pruned, not the path: a later return still leaks.
func chmodThenFail() (string, error) {
	dir, err := os.MkdirTemp("", "x") // want `not removed on the return that leaks it`
	if err != nil {
		return "", err
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return "", err
	}
	if err := populate(dir); err != nil {
		return "", err
	}
	return dir, nil
}

func populate(dir string) error {
	if dir == "" {
		return errors.New("no dir")
	}
	return nil
}
