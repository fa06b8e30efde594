// Package borrowedcmdlib starts a command it is given and logs it, as
// chezmoi's chezmoilog.LogCmdStart does.
package borrowedcmdlib

import (
	"log"
	"os/exec"
)

// LogCmdStart starts the command and logs the start.
func LogCmdStart(cmd *exec.Cmd) error {
	err := cmd.Start()
	log.Println("start", cmd.Args, err)
	return err
}

// LogCmdRun runs the command and logs it.
func LogCmdRun(cmd *exec.Cmd) error {
	err := cmd.Run()
	log.Println("run", cmd.Args, err)
	return err
}
