// Package regression_emptyname holds creator wrappers that return "" when
// they could not create (fzf's WriteTemporaryFile, main.go:84): a caller
// that returns on len(name) == 0, as on name == "", before its deferred
// removal leaks nothing there, since no file has an empty name.
package regression_emptyname

import (
	"fmt"
	"os"
	"os/exec"
)

func writeTemporaryFile(data string) string {
	f, err := os.CreateTemp("", "temp-*")
	if err != nil {
		return ""
	}
	defer f.Close()
	f.WriteString(data)
	return f.Name()
}

// The empty name is the creation's failure branch.
func man(page string) {
	file := writeTemporaryFile(page)
	if len(file) == 0 {
		fmt.Print(page)
		return
	}
	defer os.Remove(file)
	cmd := exec.Command("man", file)
	cmd.Stdout = os.Stdout
	cmd.Run()
}

// The same test written with the constant first and negated.
func manNegated(page string) {
	file := writeTemporaryFile(page)
	if 0 != len(file) {
		defer os.Remove(file)
		exec.Command("man", file).Run()
	}
}

// A non-empty name is a file: the return on len(file) > 1 leaks it.
func manShort(page string) {
	file := writeTemporaryFile(page) // want `temp file file from writeTemporaryFile is not removed on every path`
	if len(file) > 1 {
		return
	}
	defer os.Remove(file)
	exec.Command("man", file).Run()
}

// Once the name is assigned again, its length no longer tells about the
// created file.
func manReassigned(page string, other string) {
	file := writeTemporaryFile(page) // want `temp file file from writeTemporaryFile is not removed on every path`
	first := file
	file = other
	if len(file) == 0 {
		return
	}
	defer os.Remove(first)
}
