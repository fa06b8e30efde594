package testfiles

import (
	"os/exec"
	"testing"
)

func TestChild(t *testing.T) {
	cmd := exec.Command("child")
	cmd.Start() // want `cmd.Start succeeds but the child is not waited on some path`
}

func TestChildWaited(t *testing.T) {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok
		t.Fatal(err)
	}
	cmd.Wait()
}
