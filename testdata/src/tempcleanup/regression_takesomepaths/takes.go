// Package regression_takesomepaths: a function that calls a taker (which
// keeps its parameter on some paths only) has not released its own
// parameter on every path: containers/storage's GetLockFile calls
// getLockfile, which returns an error before storing the path. It takes
// its parameter; it does not release it. (Before, the store inside
// createLockFileForPath, which releases its parameter by keeping it, was
// taken for a removal, and getLockfile looked like a borrower.)
package regression_takesomepaths

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

type LockFile struct {
	file string
	ro   bool
	mu   *sync.RWMutex
}

var (
	lockFiles     map[string]*LockFile
	lockFilesLock sync.Mutex
)

func GetLockFile(path string) (*LockFile, error) { // want GetLockFile:"takes\\(0\\)"
	return getLockfile(path, false)
}

func getLockfile(path string, ro bool) (*LockFile, error) { // want getLockfile:"takes\\(0\\)"
	lockFilesLock.Lock()
	defer lockFilesLock.Unlock()
	if lockFiles == nil {
		lockFiles = make(map[string]*LockFile)
	}
	cleanPath, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("ensuring that path %q is an absolute path: %w", path, err)
	}
	if lockFile, ok := lockFiles[cleanPath]; ok {
		return lockFile, nil
	}
	lockFile, err := createLockFileForPath(cleanPath, ro)
	if err != nil {
		return nil, err
	}
	lockFiles[cleanPath] = lockFile
	return lockFile, nil
}

func openLock(path string, readOnly bool) (int, error) { // want openLock:"takes\\(0\\)"
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err == nil {
		return int(f.Fd()), nil
	}
	if os.IsNotExist(err) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return -1, fmt.Errorf("creating lock file directory: %w", err)
		}
		return openLock(path, readOnly)
	}
	return -1, &os.PathError{Op: "open", Path: path, Err: err}
}

func createLockFileForPath(path string, ro bool) (*LockFile, error) { // want createLockFileForPath:"takes\\(0\\)"
	_, err := openLock(path, ro)
	if err != nil {
		return nil, err
	}
	return &LockFile{file: path, ro: ro, mu: &sync.RWMutex{}}, nil
}

type namedLockFile struct {
	*LockFile
	name string
}

func getNamedLockFile(ro bool) (*namedLockFile, error) {
	var l *LockFile
	tf, err := os.CreateTemp("", "lockfile")
	if err != nil {
		return nil, err
	}
	name := tf.Name()
	tf.Close()
	l, err = GetLockFile(name)
	if err != nil {
		return nil, err
	}
	return &namedLockFile{LockFile: l, name: name}, nil
}
