// Package testkill: in a test, a child killed on every path where it is
// not waited stays a zombie only until the test binary exits, and the
// finding is strict-only; a child left running on some path, and the same
// shape in production code, are reported. Positive and negative cases side
// by side here and in testkill_test.go.
package testkill

import "os/exec"

// Serve is production code: the killed child stays a zombie as long as the
// process lives.
func Serve() error {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // want `not waited on some path`
		return err
	}
	defer cmd.Process.Kill()
	return nil
}
