// Package reaperunused imports a package whose functions run a reaper but
// never calls them, and the package's initialization starts none: a child
// left unwaited stays a zombie.
package reaperunused

import (
	"os/exec"

	_ "execfd/reaperlib"
)

func spawn() error {
	cmd := exec.Command("logger")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return nil
}
