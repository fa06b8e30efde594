package regression_deferkill_strict

import (
	"os"
	"os/exec"
)

// Outside a test, the killed child is still a zombie until the parent
// exits: the unwaited-child rule says so, not the one about the
// parent's output.
func runFixture(work func()) error {
	cmd := exec.Command("sleep", "60")
	cmd.Stdout = os.Stdout
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path \(Process.Kill and Signal do not reap it\): .*; call cmd.Wait right after the Kill that ends it \(defer func\(\) { cmd.Process.Kill\(\); cmd.Wait\(\) }\(\)\)$`
		return err
	}
	defer cmd.Process.Kill()
	work()
	return nil
}
