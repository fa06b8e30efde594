// Package regression_randomdir makes home-made temp directories: a random
// name joined to a directory and created with os.MkdirAll or os.Mkdir,
// without a loop that retries on an existing name (recall audit S12: act's
// startHostEnvironment). The function that makes one owns it as it would
// own os.MkdirTemp's. Negative cases sit beside.
package regression_randomdir

import (
	"crypto/rand"
	"encoding/hex"
	mrand "math/rand"
	"os"
	"path/filepath"
	"strconv"
)

type Env struct {
	Path    string
	CleanUp func()
}

// Start removes the directory on success only (in the cleanup it stores);
// the returns after the first MkdirAll leave it.
func Start(cacheDir string) (*Env, error) {
	randBytes := make([]byte, 8)
	_, _ = rand.Read(randBytes)
	miscpath := filepath.Join(cacheDir, hex.EncodeToString(randBytes))
	actPath := filepath.Join(miscpath, "act")
	if err := os.MkdirAll(actPath, 0o777); err != nil { // want `temp directory miscpath from os.MkdirAll is returned to the caller but not removed on the return that leaks it`
		return nil, err
	}
	path := filepath.Join(miscpath, "hostexecutor")
	if err := os.MkdirAll(path, 0o777); err != nil {
		return nil, err
	}
	return &Env{Path: path, CleanUp: func() { os.RemoveAll(miscpath) }}, nil
}

// StartClosure is the same inside a function literal, as act writes it.
func StartClosure(cacheDir string) func() (*Env, error) {
	return func() (*Env, error) {
		name := filepath.Join(cacheDir, strconv.Itoa(mrand.Int()))
		if err := os.Mkdir(name, 0o700); err != nil { // want `temp directory name from os.Mkdir is returned to the caller but not removed on the return that leaks it`
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(name, "x"), nil, 0o600); err != nil {
			return nil, err
		}
		return &Env{Path: name, CleanUp: func() { os.RemoveAll(name) }}, nil
	}
}

// Removed removes it on every path: no finding.
func Removed(cacheDir string) error {
	randBytes := make([]byte, 8)
	_, _ = rand.Read(randBytes)
	dir := filepath.Join(cacheDir, hex.EncodeToString(randBytes))
	if err := os.MkdirAll(filepath.Join(dir, "a"), 0o700); err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return os.WriteFile(filepath.Join(dir, "a", "x"), nil, 0o600)
}

// Returned hands it to the caller: no finding.
func Returned(cacheDir string) (string, error) {
	dir := filepath.Join(cacheDir, strconv.Itoa(mrand.Int()))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	return dir, nil
}

// Kept makes it in a directory it was given and never removes it: the
// directory's owner cleans up (strict only), as for os.MkdirTemp there.
func Kept(cacheDir string) error {
	dir := filepath.Join(cacheDir, strconv.Itoa(mrand.Int()))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "x"), nil, 0o600)
}

// InsideTemp makes the random name inside a temp directory it owns: a
// path inside that object, no new obligation.
func InsideTemp() error {
	top, err := os.MkdirTemp("", "top")
	if err != nil {
		return err
	}
	defer os.RemoveAll(top)
	sub := filepath.Join(top, strconv.Itoa(mrand.Int()))
	if err := os.Mkdir(sub, 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(sub, "x"), nil, 0o600)
}

// FixedInsideRandom makes a fixed name inside a random one it did not
// make: not a creation of the random directory.
func FixedInsideRandom(randomDir string) error {
	dir := filepath.Join(randomDir, "fixed")
	if err := os.Mkdir(dir, 0o700); err != nil {
		return err
	}
	return nil
}

// StartFor is Start in a generic function: the directory is made and left
// the same way whatever T is.
func StartFor[T any](cacheDir string, tag T) (*Env, error) {
	randBytes := make([]byte, 8)
	_, _ = rand.Read(randBytes)
	miscpath := filepath.Join(cacheDir, hex.EncodeToString(randBytes))
	if err := os.MkdirAll(filepath.Join(miscpath, "act"), 0o777); err != nil { // want `temp directory miscpath from os.MkdirAll is returned to the caller but not removed on the return that leaks it`
		return nil, err
	}
	path := filepath.Join(miscpath, "hostexecutor")
	if err := os.MkdirAll(path, 0o777); err != nil {
		return nil, err
	}
	return &Env{Path: path, CleanUp: func() { os.RemoveAll(miscpath) }}, nil
}

type cache[T any] struct {
	dir   string
	items []T
}

// scratch is Removed in a method of a generic type: no finding.
func (c *cache[T]) scratch() error {
	dir := filepath.Join(c.dir, strconv.Itoa(mrand.Int()))
	if err := os.MkdirAll(filepath.Join(dir, "a"), 0o700); err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return os.WriteFile(filepath.Join(dir, "a", "x"), nil, 0o600)
}

// env is StartClosure in a method of a generic type.
func (c *cache[T]) env() (*Env, error) {
	name := filepath.Join(c.dir, strconv.Itoa(mrand.Int()))
	if err := os.Mkdir(name, 0o700); err != nil { // want `temp directory name from os.Mkdir is returned to the caller but not removed on the return that leaks it`
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(name, "x"), nil, 0o600); err != nil {
		return nil, err
	}
	return &Env{Path: name, CleanUp: func() { os.RemoveAll(name) }}, nil
}

var _ = (*cache[int]).scratch
var _ = (*cache[int]).env
