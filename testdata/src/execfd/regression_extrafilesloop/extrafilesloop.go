// Package regression_extrafilesloop: files opened in a loop and appended
// straight to cmd.ExtraFiles are followed together as the elements of
// cmd.ExtraFiles, not through the loop variable, which names only the last
// one and is out of scope after the loop (issue 9).
package regression_extrafilesloop

import (
	"os"
	"os/exec"
)

func neverClosed(paths []string) error {
	cmd := exec.Command("child")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		cmd.ExtraFiles = append(cmd.ExtraFiles, f)
	}
	if err := cmd.Start(); err != nil { // want `the files opened in the loop and appended to cmd.ExtraFiles are handed to the child but the parent does not close them after Start on some path: the parent keeps its copies of the descriptors open; close each file in cmd.ExtraFiles right after Start`
		return err
	}
	return cmd.Wait()
}

func closedAfterStart(paths []string) error {
	cmd := exec.Command("child")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		cmd.ExtraFiles = append(cmd.ExtraFiles, f)
	}
	err := cmd.Start()
	for _, f := range cmd.ExtraFiles {
		f.Close()
	}
	if err != nil { // ok: closed whatever the start's result
		return err
	}
	return cmd.Wait()
}

func deferredInLoop(paths []string) error {
	cmd := exec.Command("child")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		cmd.ExtraFiles = append(cmd.ExtraFiles, f)
	}
	return cmd.Run() // ok: each file's deferred Close
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

func closedByHelper(paths []string) error {
	cmd := exec.Command("child")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		cmd.ExtraFiles = append(cmd.ExtraFiles, f)
	}
	defer closeAll(cmd.ExtraFiles...)
	return cmd.Run() // ok: the helper closes them
}
