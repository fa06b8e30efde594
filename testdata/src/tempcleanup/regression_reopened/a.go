// Package regression_reopened pins an unsafe hint found in u-root: a temp
// file filled, then reopened read-only by its name and that file returned.
// The caller uses the name later (statfs of the file's name), so a removal
// deferred right after the creation breaks it; only the error paths leak.
package regression_reopened

import (
	"io"
	"os"
)

func cache(r io.Reader) (io.ReaderAt, error) {
	f, err := os.CreateTemp("", "cache") // want `temp file f from os.CreateTemp is returned to the caller but not removed on the 3 returns that leak it`
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if _, err := io.Copy(f, r); err != nil {
		return nil, err
	}
	if err := f.Sync(); err != nil {
		return nil, err
	}
	ro, err := os.Open(f.Name())
	if err != nil {
		return nil, err
	}
	return ro, nil
}

// As a function literal handed to a lazy opener.
func lazy(r io.Reader) func() (io.ReaderAt, error) {
	return func() (io.ReaderAt, error) {
		f, err := os.CreateTemp("", "cache") // want `temp file f from os.CreateTemp is returned to the caller but not removed on the 2 returns that leak it`
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if _, err := io.Copy(f, r); err != nil {
			return nil, err
		}
		ro, err := os.Open(f.Name())
		if err != nil {
			return nil, err
		}
		return ro, nil
	}
}

// The reopened file is only read here: the temp file never outlives the
// function, and the deferred removal is right.
func checksum(r io.Reader) (int64, error) {
	f, err := os.CreateTemp("", "sum") // want `temp file f from os.CreateTemp is not removed on any path, so it stays on disk: defer os.Remove\(f.Name\(\)\) right after the error check`
	if err != nil {
		return 0, err
	}
	defer f.Close()
	io.Copy(f, r)
	ro, err := os.Open(f.Name())
	if err != nil {
		return 0, err
	}
	defer ro.Close()
	return io.Copy(io.Discard, ro)
}

// copyIfNotFile returns the caller's own file when it is one, a temp copy
// otherwise: removing what the caller got could delete its original, unless
// it compares it with what it passed first. A creator only on the copy's
// path, which depends on the argument: its callers are told of the copy
// they leak when it was made (regression_callersvalue); its own leak on the
// copy's error path is reported as any creator's.
func copyIfNotFile(r io.Reader) (*os.File, error) {
	if f, ok := r.(*os.File); ok {
		return f, nil
	}
	f, err := os.CreateTemp("", "copy") // want `temp file f from os.CreateTemp is returned to the caller but not removed on the return that leaks it`
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(f, r); err != nil {
		return nil, err
	}
	return f, nil
}

func load(r io.Reader) error {
	f, err := copyIfNotFile(r) // want `temp file f from copyIfNotFile is not removed on any path, so it stays on disk when copyIfNotFile created it \(on another path copyIfNotFile returns its caller's own value instead\): remove it where it leaks, but only when it is not the value of yours that copyIfNotFile hands back \(compare it with that value first\)`
	if err != nil {
		return err
	}
	if _, err := f.Stat(); err != nil {
		return err
	}
	return f.Close()
}

// createIn makes the copy in the caller's directory: still a creator.
func createIn(dir string) (*os.File, error) {
	return os.CreateTemp(dir, "x")
}

func createInDefault() (*os.File, error) {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return nil, err
	}
	return f, nil
}

func useCreator() error {
	f, err := createInDefault() // want `temp file f from createInDefault is not removed on any path`
	if err != nil {
		return err
	}
	return f.Close()
}
