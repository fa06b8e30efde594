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

// A record is what LogCmdStartRecord logs: it keeps the command.
type record struct {
	cmd *exec.Cmd
	err error
}

var last any

// LogCmdStartRecord starts the command and keeps it in the record it
// logs, as chezmoilog.LogCmdStart's log valuer does: the caller's duty
// to wait ends here, not its files.
func LogCmdStartRecord(cmd *exec.Cmd) error {
	err := cmd.Start()
	last = record{cmd: cmd, err: err}
	log.Println(last)
	return err
}
