// Package reaperuse starts the reaper of another package.
package reaperuse

import (
	"os/exec"

	"execfd/reaperlib"
)

func Main() error {
	go reaperlib.Reap()
	cmd := exec.Command("task")
	if err := cmd.Start(); err != nil { // ok: reaperlib.Reap waits for it
		return err
	}
	return nil
}
