// Package reaperimport starts children in a program where an imported
// package's initialization reaps every child: a child left unwaited is
// reaped, not a zombie. Its descriptors are still the parent's to close.
package reaperimport

import (
	"os"
	"os/exec"

	_ "execfd/reaperimport/mid"
)

func spawn() error {
	cmd := exec.Command("logger")
	if err := cmd.Start(); err != nil { // ok: the imported reaper waits for it
		return err
	}
	return nil
}

func spawnWithPipe() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer w.Close()
	cmd := exec.Command("logger")
	cmd.ExtraFiles = []*os.File{r}
	if err := cmd.Start(); err != nil { // want `r is handed to the child but the parent does not close it after Start`
		r.Close()
		return err
	}
	return nil
}
