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

// WriteTemp is a creator wrapper that returns the name ("" on failure).
func WriteTemp(data string) string { // want WriteTemp:"returnsTemp\\(path 0\\)" WriteTemp:"borrows\\(0\\)"
	f, err := os.CreateTemp("", "x-*")
	if err != nil {
		return ""
	}
	defer f.Close()
	f.WriteString(data)
	return f.Name()
}

// Expand makes a temp file for each placeholder in a closure given to
// another function and returns their names (fzf's replacePlaceholder).
func Expand(template string, each func(func(string) string) string) (string, []string) { // want Expand:"returnsTempList\\(path 1\\)" Expand:"borrows\\(0, 1\\)"
	tempFiles := []string{}
	out := each(func(s string) string {
		file := WriteTemp(s)
		tempFiles = append(tempFiles, file)
		return file
	})
	return out, tempFiles
}

// ExpandVia returns what Expand returned.
func ExpandVia(template string, each func(func(string) string) string) (string, []string) { // want ExpandVia:"returnsTempList\\(path 1\\)" ExpandVia:"borrows\\(0, 1\\)"
	return Expand(template, each)
}

// Names returns names it does not create.
func Names(template string, each func(func(string) string) string) (string, []string) { // want Names:"borrows\\(0, 1\\)"
	names := []string{}
	out := each(func(s string) string {
		names = append(names, s)
		return s
	})
	return out, names
}
