// Package funcvalue: a start through a function value whose one value is
// known is judged through that function.
package funcvalue

import (
	"os/exec"
)

// execCommand is replaced by tests in other programs; here it has exactly
// one value.
var execCommand = exec.Command

func viaPackageVar() error {
	cmd := execCommand("child")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return nil
}

func viaPackageVarWaited() error {
	cmd := execCommand("child")
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	return cmd.Wait()
}

// The two fields are assigned once, from named functions, for testability.
type runner struct {
	start func(*exec.Cmd) error
	begin func(*exec.Cmd) error
}

func startCommand(cmd *exec.Cmd) error { return cmd.Start() }

func newRunner() *runner {
	return &runner{start: startCommand, begin: (*exec.Cmd).Start}
}

func (r *runner) launch(fail bool) error {
	cmd := exec.Command("child")
	if err := r.start(cmd); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if fail {
		return nil
	}
	return cmd.Wait()
}

func (r *runner) launchMethodExpr() error {
	cmd := exec.Command("child")
	if err := r.begin(cmd); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return nil
}

func (r *runner) launchWaited() error {
	cmd := exec.Command("child")
	if err := r.start(cmd); err != nil { // ok
		return err
	}
	return cmd.Wait()
}

// A field assigned twice is not known: silent, as before.
type twice struct{ run func(*exec.Cmd) error }

func newTwice(fake bool) *twice {
	t := &twice{run: startCommand}
	if fake {
		t.run = func(*exec.Cmd) error { return nil }
	}
	return t
}

func (t *twice) launch() error {
	cmd := exec.Command("child")
	if err := t.run(cmd); err != nil { // ok: not known
		return err
	}
	return nil
}
