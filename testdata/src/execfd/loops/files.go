package loops

import (
	"os"
	"os/exec"
)

// Files opened in a loop and handed to the child as ExtraFiles.
func filesKept(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	if err := cmd.Start(); err != nil { // want `the files in files are handed to the child but the parent does not close them after Start on some path: the parent keeps its copies of the descriptors open; close each file in files right after Start`
		return err
	}
	return cmd.Wait()
}

func filesClosed(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	err := cmd.Start()
	for _, f := range files {
		f.Close()
	}
	if err != nil { // ok: closed after the start, whatever its result
		return err
	}
	return cmd.Wait()
}

func filesDeferred(paths []string) error {
	var files []*os.File
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	return cmd.Run() // ok: the deferred loop closes them
}
