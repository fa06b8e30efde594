// Package c uses package dep's helpers, whose facts (removes its argument,
// returns a temp object, never returns) come from dep's analysis.
package c

import (
	"os"

	"nogo/dep"
)

func RemovedByHelper() error {
	f, err := os.CreateTemp("", "c-*")
	if err != nil {
		return err
	}
	defer dep.Remove(f.Name())
	return f.Close()
}

func ScratchLeak() error {
	f, err := dep.Scratch()
	if err != nil {
		return err
	}
	return f.Close()
}

func ScratchDirRemoved() error {
	dir, err := dep.ScratchDir()
	if err != nil {
		return err
	}
	defer dep.RemoveAll(dir)
	return nil
}

func FatalSkipsCleanup() {
	dir, err := os.MkdirTemp("", "c-*")
	if err != nil {
		return
	}
	defer os.RemoveAll(dir)
	dep.Fatal("stop")
}

func NotWaited() error {
	cmd, err := dep.Start("true")
	if err != nil {
		return err
	}
	_ = cmd
	return nil
}
