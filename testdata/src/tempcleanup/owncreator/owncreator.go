// Package owncreator holds creators written by hand, as os.CreateTemp is:
// a loop that opens O_CREATE|O_EXCL at a random name and retries while
// the name exists. The function made the file, and owes its removal on
// every path that does not return it (transparency-dev/tessera's
// createTemp, fixed by removing the file on its error returns).
package owncreator

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

// Leaks the file when the write fails or is short.
func createTemp(prefix string, d []byte) (name string, err error) {
	try := 0
	var f *os.File
	for {
		name = prefix + strconv.Itoa(int(rand.Int32()))
		f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) // want `temp file name from os.OpenFile is returned to the caller but not removed on the 2 returns that leak it`
		if err == nil {
			break
		} else if errors.Is(err, os.ErrExist) {
			if try++; try < 100 {
				continue
			}
			return "", &os.PathError{Op: "createtemp", Path: prefix + "*", Err: os.ErrExist}
		} else {
			return "", err
		}
	}
	defer f.Close()
	if n, err := f.Write(d); err != nil {
		return "", fmt.Errorf("write %q: %w", name, err)
	} else if n < len(d) {
		return "", fmt.Errorf("short write on %q", name)
	}
	return name, nil
}

// The fixed shape: a deferred removal when the function fails.
func createTempFixed(prefix string, d []byte) (name string, err error) {
	try := 0
	var f *os.File
	for {
		name = prefix + strconv.Itoa(int(rand.Int32()))
		f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) // ok: removed on every error return
		if err == nil {
			break
		} else if errors.Is(err, os.ErrExist) {
			if try++; try < 100 {
				continue
			}
			return "", &os.PathError{Op: "createtemp", Path: prefix + "*", Err: os.ErrExist}
		} else {
			return "", err
		}
	}
	created := name // the returns below set name to "" before the deferred call reads it
	defer func() {
		if err != nil {
			os.Remove(created)
		}
	}()
	defer f.Close()
	if n, werr := f.Write(d); werr != nil {
		return "", fmt.Errorf("write %q: %w", name, werr)
	} else if n < len(d) {
		return "", fmt.Errorf("short write on %q", name)
	}
	return name, nil
}

// As os.CreateTemp: the file is returned on every path that made it.
func openTemp(dir string) (*os.File, error) {
	for try := 0; ; try++ {
		name := dir + "/tmp" + strconv.Itoa(rand.Int())
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600) // ok: returned
		if os.IsExist(err) && try < 100 {
			continue
		}
		return f, err
	}
}

// The caller of a creator owes the removal too: a failed rename leaves
// the temp file (the fact of createTempFixed says it returns one).
func publish(name string, d []byte) error {
	tmp, err := createTempFixed(os.TempDir()+"/publish.", d) // want `temp file tmp from createTempFixed is not removed on every path`
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		return fmt.Errorf("rename: %w", err)
	}
	return nil
}

// In the caller's own directory, the directory's owner is trusted to clean
// up by default (strict reports it).
func overwrite(name string, d []byte) error {
	tmp, err := createTempFixed(name+".", d) // ok: in the caller's directory
	if err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// createTempOf is createTemp in a generic function: the file leaks the
// same way whatever D is.
func createTempOf[D ~[]byte](prefix string, d D) (name string, err error) {
	try := 0
	var f *os.File
	for {
		name = prefix + strconv.Itoa(int(rand.Int32()))
		f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) // want `temp file name from os.OpenFile is returned to the caller but not removed on the 2 returns that leak it`
		if err == nil {
			break
		} else if errors.Is(err, os.ErrExist) {
			if try++; try < 100 {
				continue
			}
			return "", &os.PathError{Op: "createtemp", Path: prefix + "*", Err: os.ErrExist}
		} else {
			return "", err
		}
	}
	defer f.Close()
	if n, err := f.Write(d); err != nil {
		return "", fmt.Errorf("write %q: %w", name, err)
	} else if n < len(d) {
		return "", fmt.Errorf("short write on %q", name)
	}
	return name, nil
}

// createTempOfFixed is createTempFixed in a generic function.
func createTempOfFixed[D ~[]byte](prefix string, d D) (name string, err error) {
	try := 0
	var f *os.File
	for {
		name = prefix + strconv.Itoa(int(rand.Int32()))
		f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) // ok: removed on every error return
		if err == nil {
			break
		} else if errors.Is(err, os.ErrExist) {
			if try++; try < 100 {
				continue
			}
			return "", &os.PathError{Op: "createtemp", Path: prefix + "*", Err: os.ErrExist}
		} else {
			return "", err
		}
	}
	created := name // the returns below set name to "" before the deferred call reads it
	defer func() {
		if err != nil {
			os.Remove(created)
		}
	}()
	defer f.Close()
	if n, werr := f.Write(d); werr != nil {
		return "", fmt.Errorf("write %q: %w", name, werr)
	} else if n < len(d) {
		return "", fmt.Errorf("short write on %q", name)
	}
	return name, nil
}
