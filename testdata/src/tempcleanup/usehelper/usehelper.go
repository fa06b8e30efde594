package usehelper

import (
	"os"
	"testing"

	"tempcleanup/helper"
)

func use(string) {}

func leaksHelperDir() {
	dir, err := helper.TempDir() // want `temp directory dir from helper.TempDir is not removed on any path`
	if err != nil {
		return
	}
	use(dir)
}

func removesHelperDir() {
	dir, err := helper.TempDir()
	if err != nil {
		return
	}
	defer helper.Remove(dir)
	use(dir)
}

func removeOnlyOnSuccess(ok bool) {
	dir, err := helper.TempDir() // want `not removed on any path`
	if err != nil {
		return
	}
	helper.RemoveIfOK(dir, ok)
}

func keeps(k *helper.Keeper) {
	dir, err := helper.TempDir()
	if err != nil {
		return
	}
	k.Keep(dir)
}

func leaksName() {
	name, err := helper.TempFileName(nil) // want `temp file name from helper.TempFileName is not removed on any path, so it stays on disk: defer os.Remove\(name\)`
	if err != nil {
		return
	}
	use(name)
}

func callsCleanup() {
	dir, cleanup, err := helper.Setup()
	if err != nil {
		return
	}
	defer cleanup()
	use(dir)
}

func dropsCleanup() {
	dir, _, err := helper.Setup() // want `temp directory dir from helper.Setup is not removed on any path`
	if err != nil {
		return
	}
	use(dir)
}

func cleanupDropped() {
	helper.Scratch() // want `the cleanup function returned by helper.Scratch is discarded, so the temp directory it removes stays on disk`
}

func cleanupKept() {
	done := helper.Scratch()
	defer done()
}

func cleanupNotCalled() {
	done := helper.Scratch() // want `not removed on any path, so it stays on disk: defer done\(\)`
	_ = done
}

func fileInTestDir(t *testing.T) {
	f, err := helper.FileIn(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// fileInCallersDir leaves the file in a directory its caller manages and
// never tries to remove it: the directory's owner cleans up (strict
// reports it).
func fileInCallersDir(dir string) {
	f, err := helper.FileIn(dir)
	if err != nil {
		return
	}
	f.Close()
}

func fileInCallersDirSomePaths(dir string, data []byte) error {
	f, err := helper.FileIn(dir) // want `temp file f from helper.FileIn is not removed on every path`
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

func managed(t *testing.T) {
	dir := helper.Managed(t)
	use(dir)
	os.Getenv(dir)
}
