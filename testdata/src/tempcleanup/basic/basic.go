package basic

import (
	"io/ioutil"
	"log"
	"os"
)

func use(string) {}

// Negative: the removal forms.

func deferRemoveAll() error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	use(dir)
	return nil
}

func fileName() error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	return nil
}

func nameVariable() error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

func deferredClosure() error {
	f, err := ioutil.TempFile("", "x")
	if err != nil {
		return err
	}
	defer func() {
		f.Close()
		if err := os.Remove(f.Name()); err != nil {
			log.Print(err)
		}
	}()
	return nil
}

func cleanupVar() error {
	dir, err := ioutil.TempDir("", "x")
	if err != nil {
		return err
	}
	cleanup := func() { os.RemoveAll(dir) }
	defer cleanup()
	use(dir)
	return nil
}

func cleanupVarCalled() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	cleanup := func() { _ = os.RemoveAll(dir) }
	use(dir)
	cleanup()
}

func errEqualNil() {
	dir, err := os.MkdirTemp("", "x")
	if err == nil {
		defer os.RemoveAll(dir)
		use(dir)
	}
}

func aliasAndClean() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	d := dir
	defer os.RemoveAll(d)
}

func evalSymlinks() error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	dir, err = filepathEval(dir)
	defer os.RemoveAll(dir)
	return err
}

func filepathEval(s string) (string, error) { return s, nil }

// Positive.

func neverRemoved() {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is not removed on any path, so it stays on disk: defer os.RemoveAll\(dir\) right after the error check`
	if err != nil {
		return
	}
	use(dir)
}

func fileNeverRemoved() {
	f, _ := os.CreateTemp("", "x") // want `temp file f from os.CreateTemp is not removed on any path`
	f.Close()
}

func removedOtherPath() {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is not removed`
	if err != nil {
		return
	}
	os.RemoveAll(dir + "/sub")
}

func discarded() {
	os.CreateTemp("", "x") // want `temp file from os.CreateTemp is discarded and never removed`
}

func discardedBlank() error {
	_, err := os.CreateTemp("", "x") // want `temp file from os.CreateTemp is discarded and never removed`
	return err
}

func closureNeverCalled() {
	dir, err := os.MkdirTemp("", "x") // want `not removed on any path`
	if err != nil {
		return
	}
	cleanup := func() { os.RemoveAll(dir) }
	_ = cleanup
}

func errEqualNilLeak() {
	dir, err := os.MkdirTemp("", "x") // want `not removed on any path`
	if err == nil {
		use(dir)
	}
}

func logFatalLeak() {
	dir, err := os.MkdirTemp("", "x") // want `not removed on every path`
	if err != nil {
		log.Fatal(err) // the failure branch needs nothing
	}
	if len(dir) > 3 {
		log.Fatal("too long") // but this one leaks
	}
	os.RemoveAll(dir)
}

func panicNotReported() {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		panic(err)
	}
	if len(dir) > 3 {
		panic("impossible")
	}
	os.RemoveAll(dir)
}
