// Package regression_paramflow: what a function does with its parameter
// is read from where the value goes in SSA form, whatever the syntax
// (issue 25, shape 4). Each shape has a function that releases its
// parameter on every path and one that does not, side by side.
package regression_paramflow

import (
	"os"
	"os/exec"
	"path/filepath"
)

// A phi of two locals that both hold the parameter: removed on every
// path.
func removeEitherForm(dir string, clean bool) { // want removeEitherForm:"releases\\(0\\)"
	var p string
	if clean {
		p = filepath.Clean(dir)
	} else {
		p = dir
	}
	os.RemoveAll(p)
}

// A phi of the parameter and another path: on one path something else
// is removed, so the parameter is not released on every path. (The
// syntactic alias analysis took p for the parameter everywhere.)
func removeParamOrDefault(dir string, useDefault bool) { // want removeParamOrDefault:"borrows\\(0\\)"
	p := dir
	if useDefault {
		p = "/var/cache/app"
	}
	os.RemoveAll(p)
}

// A closure that removes the parameter, deferred through a variable.
func removeInDeferredClosure(dir string) error { // want removeInDeferredClosure:"releases\\(0\\)"
	cleanup := func() { os.RemoveAll(dir) }
	defer cleanup()
	return work(dir)
}

// A deferred closure that removes the parameter on some paths only.
func removeInDeferredClosureSometimes(dir string, keep bool) error { // want removeInDeferredClosureSometimes:"borrows\\(0\\)"
	cleanup := func() {
		if !keep {
			os.RemoveAll(dir)
		}
	}
	defer cleanup()
	return work(dir)
}

// A closure made but never run removes nothing.
func closureNeverRun(dir string) func() { // want closureNeverRun:"takes\\(0\\)"
	cleanup := func() { os.RemoveAll(dir) }
	return cleanup
}

type job struct {
	dir  string
	name string
}

// The parameter in a field of a local struct value, removed from there.
func removeFromLocalStruct(dir string) { // want removeFromLocalStruct:"releases\\(0\\)"
	j := job{dir: dir, name: "x"}
	os.RemoveAll(j.dir)
}

// Another field of the local struct is removed: the parameter is not.
func removeOtherField(dir, other string) { // want removeOtherField:"borrows\\(0\\)" removeOtherField:"releases\\(1\\)"
	j := job{dir: dir, name: other}
	use(j.dir)
	os.RemoveAll(j.name)
}

type remover struct{ verbose bool }

func (r remover) remove(p string) { // want remove:"releases\\(0\\)"
	os.RemoveAll(p)
}

func (r remover) removeIfQuiet(p string) { // want removeIfQuiet:"borrows\\(0\\)"
	if !r.verbose {
		os.RemoveAll(p)
	}
}

// The parameter passed to a method value that removes it.
func removeByMethodValue(dir string) { // want removeByMethodValue:"releases\\(0\\)"
	var r remover
	rm := r.remove
	rm(dir)
}

// A method value that removes on some paths only.
func removeByMethodValueSometimes(dir string) { // want removeByMethodValueSometimes:"borrows\\(0\\)"
	var r remover
	rm := r.removeIfQuiet
	rm(dir)
}

// A method value of an interface: any implementation, unknown code.
func removeByInterfaceMethodValue(dir string, r interface{ remove(string) }) {
	rm := r.remove
	rm(dir)
}

func work(dir string) error { // want work:"borrows\\(0\\)"
	_, err := os.Stat(filepath.Join(dir, "x"))
	return err
}

func use(string) {} // want use:"borrows\\(0\\)"

// A child started in the background and never waited reads the path after
// the function returns: the object is still in use (no borrow).
func openInViewer(path string) bool { // want openInViewer:"keepsInside\\(0\\)"
	return exec.Command("xdg-open", "file://"+path).Start() == nil
}

// A child the function waits for is done with the path: a borrow.
func runOn(path string) error { // want runOn:"borrows\\(0\\)"
	return exec.Command("cat", path).Run()
}
