package testkill_strict

import (
	"os"
	"os/exec"
	"testing"
)

func TestKilled(t *testing.T) {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // want `not waited on some path \(Process.Kill and Signal do not reap it\)`
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
}

func TestNeverKilled(t *testing.T) {
	cmd := exec.Command("sleep", "100")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		t.Fatal(err)
	}
}

func TestProcessNeverWaited(t *testing.T) {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{}) // want `the child started by os.StartProcess is not waited on some path`
	if err != nil {
		t.Skip(err)
	}
	t.Log(p.Pid)
}
