package reaper // want package:"reapsOnImport"

// This package reaps every child of the process in a loop around
// wait4(-1, ...), as container shims do: no child stays a zombie.

import (
	"os/exec"
	"syscall"
)

func reap() {
	for {
		var ws syscall.WaitStatus
		if pid, err := syscall.Wait4(-1, &ws, 0, nil); err != nil || pid <= 0 {
			return
		}
	}
}

func init() { go reap() }

func spawn() error {
	cmd := exec.Command("task")
	if err := cmd.Start(); err != nil { // ok: the reaper waits for it
		return err
	}
	return nil
}

func browse(u string) {
	exec.Command("xdg-open", u).Start() // ok: the reaper waits for it
}
