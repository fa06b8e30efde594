// Package regression_namelistlib: a function that removes each path of a
// list in a range loop releases the list (fzf's removeFiles); one that
// removes only some of them, or stops after the first, does not.
package regression_namelistlib

import "os"

// RemoveFiles removes every path it is given.
func RemoveFiles(files []string) { // want RemoveFiles:"releases\\(0\\)"
	for _, name := range files {
		os.Remove(name)
	}
}

// RemoveLogged removes every path, and logs the failures.
func RemoveLogged(files []string, log func(error)) { // want RemoveLogged:"releases\\(0\\)" RemoveLogged:"borrows\\(1\\)"
	for _, name := range files {
		if err := os.RemoveAll(name); err != nil {
			log(err)
		}
	}
}

// RemoveSome removes only the paths that pass a test.
func RemoveSome(files []string, keep func(string) bool) { // want RemoveSome:"borrows\\(0, 1\\)"
	for _, name := range files {
		if !keep(name) {
			os.Remove(name)
		}
	}
}

// RemoveFirst stops after the first.
func RemoveFirst(files []string) { // want RemoveFirst:"borrows\\(0\\)"
	for _, name := range files {
		os.Remove(name)
		break
	}
}

// Count only reads the list.
func Count(files []string) int { // want Count:"borrows\\(0\\)"
	n := 0
	for _, name := range files {
		if name != "" {
			n++
		}
	}
	return n
}
