package startprocessstrict

import (
	"os"
	"testing"
)

// Under -strict, a test's killed child that is never waited is reported.
func TestKilled(t *testing.T) {
	p, err := os.StartProcess("/bin/sleep", []string{"sleep", "1"}, &os.ProcAttr{}) // want `the child started by os.StartProcess is not waited on some path`
	if err != nil {
		t.Skip(err)
	}
	defer p.Kill()
}
