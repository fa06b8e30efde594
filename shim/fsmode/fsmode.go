package fsmode

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// testHook, when set by a test, is called at each step of WriteFileAtomic
// with the step's name; the crash tests kill the process from it.
var testHook func(step string)

func hook(step string) {
	if testHook != nil {
		testHook(step)
	}
}

// OpenFile is os.OpenFile with an exact creation mode: when flag includes
// os.O_CREATE the file ends up with mode perm exactly (the umask does not
// narrow it), also when it already existed. The final path component is not
// followed if it is a symbolic link, and the descriptor is close-on-exec.
func OpenFile(name string, flag int, perm os.FileMode) (*os.File, error) {
	//tmplint:ignore filemode the caller's mode is the contract, applied exactly below
	f, err := os.OpenFile(name, flag|oNoFollow|oCloexec, perm)
	if err != nil {
		return nil, err
	}
	if flag&os.O_CREATE != 0 {
		if err := setMode(f, perm); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// Create creates or truncates the named file for reading and writing with
// mode perm exactly.
func Create(name string, perm os.FileMode) (*os.File, error) {
	return OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, perm)
}

// WriteFile writes data to the named file, creating it with mode perm
// exactly or truncating it (and setting its mode to perm) if it exists.
func WriteFile(name string, data []byte, perm os.FileMode) error {
	f, err := OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err1 := f.Close(); err == nil {
		err = err1
	}
	return err
}

// CreateTemp is os.CreateTemp with an exact mode instead of 0600-minus-umask.
// The file is created exclusively (O_EXCL), so no existing file or link is
// ever opened. The caller removes the file when done.
func CreateTemp(dir, pattern string, perm os.FileMode) (*os.File, error) {
	f, err := os.CreateTemp(dir, pattern) //tmplint:ignore filemode the exact mode is set right below
	if err != nil {
		return nil, err
	}
	if err := setMode(f, perm); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

// MkdirTemp is os.MkdirTemp with an exact mode instead of 0700-minus-umask.
// The caller removes the directory when done.
func MkdirTemp(dir, pattern string, perm os.FileMode) (string, error) {
	name, err := os.MkdirTemp(dir, pattern) //tmplint:ignore filemode the exact mode is set right below
	if err != nil {
		return "", err
	}
	if err := chmodDir(name, perm); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// Mkdir creates the named directory with mode perm exactly.
func Mkdir(name string, perm os.FileMode) error {
	if err := os.Mkdir(name, perm); err != nil { //tmplint:ignore filemode the caller's mode is the contract, applied exactly below
		return err
	}
	return chmodDir(name, perm)
}

// MkdirAll is os.MkdirAll where every directory it creates gets mode perm
// exactly; directories that already exist are left as they are.
func MkdirAll(path string, perm os.FileMode) error {
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return nil
		}
		return &fs.PathError{Op: "mkdir", Path: path, Err: syscall.ENOTDIR}
	}
	if parent := filepath.Dir(path); parent != path {
		if err := MkdirAll(parent, perm); err != nil {
			return err
		}
	}
	err := Mkdir(path, perm)
	if errors.Is(err, fs.ErrExist) {
		if fi, serr := os.Lstat(path); serr == nil && fi.IsDir() {
			return nil
		}
	}
	return err
}

// WriteFileAtomic replaces the named file with data, mode perm exactly: it
// writes a temporary file in the same directory, syncs it, renames it over
// name and syncs the directory. Readers see the old or the new content,
// never a mix, and after a crash at any step name holds one of the two (a
// crash before the rename may leave a ".name.tmp-*" file behind).
func WriteFileAtomic(name string, data []byte, perm os.FileMode) (err error) {
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	f, err := CreateTemp(dir, "."+base+".tmp-*", perm)
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	hook("created")
	if _, err = f.Write(data); err != nil {
		return err
	}
	hook("written")
	if err = f.Sync(); err != nil {
		return err
	}
	hook("synced")
	if err = f.Close(); err != nil {
		return err
	}
	hook("closed")
	if err = os.Rename(tmp, name); err != nil {
		return err
	}
	hook("renamed")
	if err := syncDir(dir); err != nil {
		return err // the new content is in place; durability is not proven
	}
	hook("dirsynced")
	return nil
}

// setMode sets f's mode to perm exactly (fchmod on the descriptor).
func setMode(f *os.File, perm os.FileMode) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if fi.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky) == perm {
		return nil
	}
	return f.Chmod(perm) //tmplint:ignore filemode setting the caller's exact mode is this package's purpose
}

// chmodDir sets the directory's mode exactly through a descriptor opened
// without following a final symbolic link.
func chmodDir(name string, perm os.FileMode) error {
	d, err := os.OpenFile(name, os.O_RDONLY|oNoFollow|oCloexec|oDirectory, 0)
	if err != nil {
		return err
	}
	err = setMode(d, perm)
	if err1 := d.Close(); err == nil {
		err = err1
	}
	return err
}
