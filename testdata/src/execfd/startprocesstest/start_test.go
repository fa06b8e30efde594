package startprocesstest

import (
	"os"
	"testing"
)

// A test that kills its child and never waits leaves a zombie only until
// the test binary exits: strict-only.
func TestKilled(t *testing.T) {
	p, err := os.StartProcess("/bin/sleep", []string{"sleep", "1"}, &os.ProcAttr{})
	if err != nil {
		t.Skip(err)
	}
	defer p.Kill()
	if p.Pid == 0 {
		t.Error("no pid")
	}
}

// Not killed, not waited: strict-only in tests too.
func TestNeverKilled(t *testing.T) {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{}) // ok
	if err != nil {
		t.Skip(err)
	}
	t.Log(p.Pid)
}
