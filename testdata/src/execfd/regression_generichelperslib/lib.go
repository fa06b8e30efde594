// Package regression_generichelperslib: generic helpers that configure,
// wait for or create commands carry the same facts as plain ones, on
// their origin, for callers in other packages (who call an instance). A
// parameter whose type is a type parameter gets none: what an
// instantiation passes is not known in the body.
package regression_generichelperslib

import "os/exec"

// Configure only sets fields: it borrows the command.
func Configure[T any](cmd *exec.Cmd, tag T) { // want Configure:"paramUses"
	cmd.Dir = "/"
}

// WaitFor waits for the command: a call counts as a Wait.
func WaitFor[T any](cmd *exec.Cmd, tag T) error { // want WaitFor:"paramUses"
	return cmd.Wait()
}

// New returns a fresh, configured command: a creator.
func New[T any](tag T, name string) *exec.Cmd { // want New:"cmdCreator"
	cmd := exec.Command(name)
	cmd.Dir = "/"
	return cmd
}

// Stop waits for what it is given through its constraint's method; a
// value of a type parameter is not known to be a command: no fact.
func Stop[W interface{ Wait() error }](w W) error {
	return w.Wait()
}

// A Runner is a generic type whose methods borrow and wait for commands.
type Runner[T any] struct{ tag T }

// Prepare only sets fields.
func (r *Runner[T]) Prepare(cmd *exec.Cmd) { // want Prepare:"paramUses"
	cmd.Env = []string{"LANG=C"}
}

// Finish waits for the command.
func (r *Runner[T]) Finish(cmd *exec.Cmd) error { // want Finish:"paramUses"
	return cmd.Wait()
}
