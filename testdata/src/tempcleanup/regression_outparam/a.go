// Package regression_outparam: a temp object stored into the caller's
// variable through a pointer argument (syncthing's readTarGz: visit(dir,
// &tempName, ...)) is the caller's from that call on, as the result of a
// creation would be.
package regression_outparam

import (
	"archive/tar"
	"errors"
	"io"
	"os"

	lib "tempcleanup/regression_outparamlib"
)

func writeBinary(in io.Reader) (string, error) {
	out, err := os.CreateTemp("", "bin")
	if err != nil {
		return "", err
	}
	defer out.Close()
	if _, err := io.Copy(out, in); err != nil {
		os.Remove(out.Name())
		return "", err
	}
	return out.Name(), nil
}

// visit stores the binary's name through tempFile; the store is the
// caller's obligation, not a leak here.
func visit(tempFile *string, sig *[]byte, name string, r io.Reader) error {
	var err error
	switch name {
	case "binary":
		*tempFile, err = writeBinary(r)
		if err != nil {
			return err
		}
	case "sig":
		*sig, err = io.ReadAll(r)
		if err != nil {
			return err
		}
	}
	return nil
}

// ReadTarGz leaves the binary when the archive is cut after it, or has no
// signature.
func ReadTarGz(r io.Reader) (string, error) {
	tr := tar.NewReader(r)
	var tempName string
	var sig []byte
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		if err := visit(&tempName, &sig, hdr.Name, tr); err != nil { // want `temp file tempName from visit is returned to the caller but not removed on the 3 returns that leak it, so it stays on disk there: remove it there only: name the error result retErr and defer func\(\) { if retErr != nil { os.Remove\(tempName\) } }\(\) before the loop that calls visit`
			return "", err
		}
	}
	if sig == nil {
		return "", errors.New("no signature found")
	}
	return tempName, nil
}

// ReadTarGzClean removes the binary on every path that fails.
func ReadTarGzClean(r io.Reader) (name string, err error) {
	tr := tar.NewReader(r)
	var tempName string
	defer func() {
		if err != nil && tempName != "" {
			os.Remove(tempName)
		}
	}()
	var sig []byte
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		if err := visit(&tempName, &sig, hdr.Name, tr); err != nil {
			return "", err
		}
	}
	if sig == nil {
		return "", errors.New("no signature found")
	}
	return tempName, nil
}

// Imported: the fact comes from another package.
func Imported(r io.Reader, ok bool) error {
	var name string
	var sig []byte
	if err := lib.Visit("", &name, &sig, "binary", r); err != nil {
		return err // the creation failed: nothing to remove
	}
	if !ok {
		os.Remove(name)
		return errors.New("rejected")
	}
	return os.Remove(name)
}

// ImportedLeak drops the name on the rejection.
func ImportedLeak(r io.Reader, ok bool) error {
	var name string
	var sig []byte
	if err := lib.Visit("", &name, &sig, "binary", r); err != nil { // want `temp file name from regression_outparamlib.Visit is not removed on every path, so it stays on disk: defer os.Remove\(name\) right after the error check`
		return err
	}
	if !ok {
		return errors.New("rejected")
	}
	return os.Remove(name)
}

// Private: made in a directory the caller made private and removes.
func Private(r io.Reader) error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var name string
	var sig []byte
	return lib.Visit(dir, &name, &sig, "binary", r)
}

// FileOut holds the *os.File stored through f, and closes and removes it.
func FileOut() error {
	var f *os.File
	if err := lib.OpenTemp(&f); err != nil {
		return err
	}
	defer os.Remove(f.Name())
	return f.Close()
}

// FileOutLeak never removes it.
func FileOutLeak() error {
	var f *os.File
	if err := lib.OpenTemp(&f); err != nil { // want `temp file f from regression_outparamlib.OpenTemp is not removed on any path, so it stays on disk: defer os.Remove\(f.Name\(\)\) right after the error check`
		return err
	}
	return f.Close()
}

// NoErrorOut: the callee has no error result; the name is removed.
func NoErrorOut() {
	var name string
	lib.NoError(&name)
	os.Remove(name)
}

// NoErrorLeak: the name is dropped.
func NoErrorLeak() {
	var name string
	lib.NoError(&name) // want `temp file name from regression_outparamlib.NoError is not removed on any path, so it stays on disk: defer os.Remove\(name\)`
	println(name)
}

// Removes: a callee that removes what it stores leaves nothing.
func Removes() error {
	var name string
	return lib.RemovedOnFailure(&name)
}

// CallerDir: made in the directory its caller gave it, and never removed
// here: the directory's owner cleans up, reported only with -strict
// (regression_outparam_strict).
func CallerDir(dir string, r io.Reader, sigOK bool) (string, error) {
	var name string
	var sig []byte
	if err := lib.Visit(dir, &name, &sig, "binary", r); err != nil {
		return "", err
	}
	if !sigOK {
		return "", errors.New("no signature")
	}
	return name, nil
}
