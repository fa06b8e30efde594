// Package regression_generichelpers: a generic helper that borrows,
// waits for, creates or starts a command is judged on its own body (built
// once, with its type parameters), here and in another package, and its
// callers see it through the instance they call, explicit or inferred.
package regression_generichelpers

import (
	"os"
	"os/exec"

	lib "execfd/regression_generichelperslib"
)

func configure[T any](cmd *exec.Cmd, tag T) {
	cmd.Dir = "/"
}

func waitFor[T any](cmd *exec.Cmd, tag T) error {
	return cmd.Wait()
}

func newCmd[T any](tag T, name string) *exec.Cmd {
	cmd := exec.Command(name)
	cmd.Dir = "/"
	return cmd
}

// startOnly starts the command it is given and hands it its files.
func startOnly[T any](cmd *exec.Cmd, tag T) error {
	return cmd.Start()
}

// startWith starts a command of its own with w as its output.
func startWith[T any](name string, w *os.File, tag T) (*exec.Cmd, error) {
	cmd := exec.Command(name)
	cmd.Stdout = w
	return cmd, cmd.Start()
}

// A runner is a generic type whose methods borrow and wait.
type runner[T any] struct{ tag T }

func (r *runner[T]) prepare(cmd *exec.Cmd) {
	cmd.Env = []string{"LANG=C"}
}

func (r *runner[T]) finish(cmd *exec.Cmd) error {
	return cmd.Wait()
}

func localBorrowed() error {
	cmd := exec.Command("child")
	configure(cmd, 1)
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return nil
}

func localWaited() error {
	cmd := exec.Command("child")
	configure[string](cmd, "a")
	if err := cmd.Start(); err != nil {
		return err
	}
	return waitFor(cmd, 1)
}

func localCreated() error {
	cmd := newCmd(1, "child")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return nil
}

func localCreatedWaited() error {
	cmd := newCmd[int](1, "child")
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Wait()
}

func localMethods(fail bool) error {
	r := &runner[int]{}
	cmd := exec.Command("child")
	r.prepare(cmd)
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if fail {
		return nil
	}
	return r.finish(cmd)
}

func localMethodsWaited() error {
	r := &runner[int]{}
	cmd := exec.Command("child")
	r.prepare(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	return r.finish(cmd)
}

// keptByStarter: startOnly hands w to the child and keeps it open.
func keptByStarter() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := startOnly(cmd, 1); err != nil { // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r`
		return err
	}
	buf := make([]byte, 10)
	r.Read(buf)
	return cmd.Wait()
}

func closedAfterStarter() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := startOnly(cmd, 1); err != nil {
		w.Close()
		return err
	}
	w.Close()
	buf := make([]byte, 10)
	r.Read(buf)
	return cmd.Wait()
}

// heldByStartWith: startWith hands w to a child it starts itself.
func heldByStartWith() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd, err := startWith("child", w, 1) // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r`
	if err != nil {
		return err
	}
	buf := make([]byte, 10)
	r.Read(buf)
	return cmd.Wait()
}

func importedBorrowed() error {
	cmd := exec.Command("child")
	lib.Configure(cmd, 1)
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return nil
}

func importedWaited() error {
	cmd := exec.Command("child")
	lib.Configure[string](cmd, "a")
	if err := cmd.Start(); err != nil {
		return err
	}
	return lib.WaitFor(cmd, 1)
}

func importedCreated() error {
	cmd := lib.New(1, "child")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	return nil
}

func importedCreatedWaited() error {
	cmd := lib.New(1, "child")
	if err := cmd.Start(); err != nil {
		return err
	}
	return lib.WaitFor(cmd, "a")
}

// importedStopped hands the command to a parameter of a type parameter:
// unknown code, which takes it.
func importedStopped() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil {
		return err
	}
	return lib.Stop(cmd)
}

func importedMethods(fail bool) error {
	r := &lib.Runner[string]{}
	cmd := exec.Command("child")
	r.Prepare(cmd)
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if fail {
		return nil
	}
	return r.Finish(cmd)
}

func importedMethodsWaited() error {
	r := &lib.Runner[string]{}
	cmd := exec.Command("child")
	r.Prepare(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	return r.Finish(cmd)
}

// keepTagged appends the command to the slice: the call is an append to
// the caller's slice.
func keepTagged[T any](cmds []*exec.Cmd, c *exec.Cmd, tag T) []*exec.Cmd {
	return append(cmds, c)
}

// keepAny appends a value of a type parameter: not known to be a command
// in its body, so the call is no append of one.
func keepAny[T any](s []T, x T) []T {
	return append(s, x)
}

func collectedLeaks(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds and the child is kept in cmds, but some path returns without waiting for the commands in cmds`
			return err
		}
		cmds = keepTagged(cmds, cmd, 1)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

func collectedStops(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			for _, c := range cmds {
				_ = c.Process.Kill()
				_ = c.Wait()
			}
			return err
		}
		cmds = keepTagged(cmds, cmd, "a")
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}

func collectedAny(names []string) error {
	var cmds []*exec.Cmd
	for _, n := range names {
		cmd := exec.Command(n)
		if err := cmd.Start(); err != nil {
			return err
		}
		cmds = keepAny(cmds, cmd)
	}
	for _, c := range cmds {
		_ = c.Wait()
	}
	return nil
}
