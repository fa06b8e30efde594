// Package regression_fscreator: a creator written by hand through the
// program's own file system interface, as syncthing's osutil.TempFile
// is: a loop that opens O_CREATE|O_EXCL (constants of its own that are
// os.O_CREATE and os.O_EXCL) at a random name through an interface method
// and retries while the name exists. Its callers owe the removal as for
// os.CreateTemp; calls that lack one of those traits make no temp file.
package regression_fscreator

import (
	"errors"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
)

type Filesystem interface {
	OpenFile(name string, flags int, mode os.FileMode) (*os.File, error)
}

const (
	OptReadWrite = os.O_RDWR
	OptCreate    = os.O_CREATE
	OptExclusive = os.O_EXCL
)

func nextSuffix() string { return strconv.Itoa(rand.Int()) }

// TempFile: the creator. It returns the file on every path.
func TempFile(fsys Filesystem, dir, prefix string) (f *os.File, err error) {
	for i := 0; i < 10000; i++ {
		name := filepath.Join(dir, prefix+nextSuffix())
		f, err = fsys.OpenFile(name, OptReadWrite|OptCreate|OptExclusive, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		break
	}
	return f, err
}

// Leak: positive, a failed write leaves the file in the temp dir.
func Leak(fsys Filesystem, data []byte) error {
	f, err := TempFile(fsys, os.TempDir(), "x-") // want `temp file f from TempFile is not removed on every path`
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// Removed: negative, the removal is deferred at once.
func Removed(fsys Filesystem, data []byte) error {
	f, err := TempFile(fsys, os.TempDir(), "x-")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	_, err = f.Write(data)
	return err
}

// OpenShared: not a creator, without O_EXCL it may open a file that
// exists.
func OpenShared(fsys Filesystem, dir string) (*os.File, error) {
	for i := 0; i < 3; i++ {
		f, err := fsys.OpenFile(filepath.Join(dir, nextSuffix()), OptReadWrite|OptCreate, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, os.ErrExist
}

// OpenFixed: not a creator, the name has no random part.
func OpenFixed(fsys Filesystem, dir string) (*os.File, error) {
	for i := 0; i < 3; i++ {
		f, err := fsys.OpenFile(filepath.Join(dir, "lock"), OptReadWrite|OptCreate|OptExclusive, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, os.ErrExist
}

// OpenOnce: not a creator, it does not retry on an existing name.
func OpenOnce(fsys Filesystem, dir string) (*os.File, error) {
	return fsys.OpenFile(filepath.Join(dir, nextSuffix()), OptReadWrite|OptCreate|OptExclusive, 0o600)
}

// Callers of the non-creators: negative, nothing they leave is a temp
// file of theirs.
func UseShared(fsys Filesystem) error {
	for _, open := range []func(Filesystem, string) (*os.File, error){OpenShared, OpenFixed, OpenOnce} {
		f, err := open(fsys, os.TempDir())
		if err != nil {
			return err
		}
		if _, err := f.Write(nil); err != nil {
			return err
		}
		f.Close()
	}
	return nil
}

func UseDirect(fsys Filesystem) error {
	f, err := OpenShared(fsys, os.TempDir())
	if err != nil {
		return err
	}
	if _, err := f.Write(nil); err != nil {
		return err
	}
	g, err := OpenFixed(fsys, os.TempDir())
	if err != nil {
		return err
	}
	if _, err := g.Write(nil); err != nil {
		return err
	}
	h, err := OpenOnce(fsys, os.TempDir())
	if err != nil {
		return err
	}
	_, err = h.Write(nil)
	return err
}
