// Package fileloopshapes: the loops that close each file of a slice handed
// to a child are found on the SSA form like the loops that wait for a
// slice's commands (countingloop.go): a counted loop, a copy of the
// element or of the index, a range over the slice's length, for a local
// slice and for the files appended to cmd.ExtraFiles. A loop that closes
// only part of the slice leaves the rest open.
package fileloopshapes

import (
	"os"
	"os/exec"
)

// A counted loop over the local slice closes each file.
func countedLoop(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	err := cmd.Start()
	for i := 0; i < len(files); i++ {
		files[i].Close()
	}
	if err != nil { // ok: every file closed
		return err
	}
	return cmd.Wait()
}

// The counted loop skips the last file.
func countedLoopPart(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	err := cmd.Start() // want `the files in files are handed to the child but the parent does not close them after Start on some path`
	for i := 0; i < len(files)-1; i++ {
		files[i].Close()
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}

// A range over the slice's length, the element copied to a local and the
// index copied before the read.
func rangeLenCopies(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	err := cmd.Start()
	for i := range len(files) {
		j := i
		f := files[j]
		f.Close()
	}
	if err != nil { // ok: every file closed
		return err
	}
	return cmd.Wait()
}

// A range over part of the slice closes the files after the first only.
func rangePart(paths []string) error {
	var files []*os.File
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = files
	err := cmd.Start() // want `the files in files are handed to the child but the parent does not close them after Start on some path`
	for _, f := range files[1:] {
		f.Close()
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}

// The files appended straight to cmd.ExtraFiles, closed by a counted loop
// over the field.
func extraCounted(paths []string) error {
	cmd := exec.Command("child")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		cmd.ExtraFiles = append(cmd.ExtraFiles, f)
	}
	err := cmd.Start()
	for i := 0; i < len(cmd.ExtraFiles); i++ {
		cmd.ExtraFiles[i].Close()
	}
	if err != nil { // ok: every file closed
		return err
	}
	return cmd.Wait()
}

// The element copied, by a range over the field's length.
func extraRangeLen(paths []string) error {
	cmd := exec.Command("child")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		cmd.ExtraFiles = append(cmd.ExtraFiles, f)
	}
	err := cmd.Start()
	for i := range len(cmd.ExtraFiles) {
		f := cmd.ExtraFiles[i]
		f.Close()
	}
	if err != nil { // ok: every file closed
		return err
	}
	return cmd.Wait()
}

// The counted loop over the field is bounded by another slice's length.
func extraCountedOther(paths []string, others []*os.File) error {
	cmd := exec.Command("child")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		cmd.ExtraFiles = append(cmd.ExtraFiles, f)
	}
	err := cmd.Start() // want `the files opened in the loop and appended to cmd.ExtraFiles are handed to the child but the parent does not close them after Start on some path`
	for i := 0; i < len(others); i++ {
		cmd.ExtraFiles[i].Close()
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}

// A range over part of the field.
func extraRangePart(paths []string) error {
	cmd := exec.Command("child")
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		cmd.ExtraFiles = append(cmd.ExtraFiles, f)
	}
	err := cmd.Start() // want `the files opened in the loop and appended to cmd.ExtraFiles are handed to the child but the parent does not close them after Start on some path`
	for _, f := range cmd.ExtraFiles[1:] {
		f.Close()
	}
	if err != nil {
		return err
	}
	return cmd.Wait()
}
