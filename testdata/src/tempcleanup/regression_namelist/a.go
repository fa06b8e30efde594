// Package regression_namelist: temp names appended to a local list are the
// list's to remove (fzf's preview loop: the list is removed on the branch
// where the command started, dropped on the other).
package regression_namelist

import (
	"os"
	"os/exec"

	lib "tempcleanup/regression_namelistlib"
)

// writeTemp is a creator wrapper: it returns the name ("" on failure).
func writeTemp(data string) string {
	f, err := os.CreateTemp("", "x-*")
	if err != nil {
		return ""
	}
	defer f.Close()
	f.WriteString(data)
	return f.Name()
}

func removeFiles(files []string) {
	for _, name := range files {
		os.Remove(name)
	}
}

// DirectSlice drops the list when the command does not start.
func DirectSlice(items []string) error {
	var tempFiles []string
	tempFiles = append(tempFiles, writeTemp(items[0])) // want `temp file from writeTemp is appended to tempFiles, which the return named drops without removing it, so it stays on disk: remove the temp files appended to tempFiles before returning there`
	cmd := exec.Command("cat", tempFiles...)
	if err := cmd.Start(); err != nil {
		return err
	}
	err := cmd.Wait()
	removeFiles(tempFiles)
	return err
}

// Removed removes the list on both branches.
func Removed(items []string) error {
	var tempFiles []string
	tempFiles = append(tempFiles, writeTemp(items[0]))
	cmd := exec.Command("cat", tempFiles...)
	if err := cmd.Start(); err != nil {
		removeFiles(tempFiles)
		return err
	}
	err := cmd.Wait()
	removeFiles(tempFiles)
	return err
}

// Deferred defers the removal right after the append.
func Deferred(items []string) error {
	var tempFiles []string
	for _, it := range items {
		tempFiles = append(tempFiles, writeTemp(it))
	}
	defer lib.RemoveFiles(tempFiles)
	return exec.Command("cat", tempFiles...).Run()
}

// DeferredBefore registers, before the appends, a closure that removes
// what the list holds when the function returns.
func DeferredBefore(items []string) error {
	var tempFiles []string
	defer func() {
		for _, name := range tempFiles {
			os.Remove(name)
		}
	}()
	for _, it := range items {
		tempFiles = append(tempFiles, writeTemp(it))
	}
	return exec.Command("cat", tempFiles...).Run()
}

// InlineLoop removes each element in place on every path.
func InlineLoop(items []string) error {
	var tempFiles []string
	for _, it := range items {
		tempFiles = append(tempFiles, writeTemp(it))
	}
	err := exec.Command("cat", tempFiles...).Run()
	for _, name := range tempFiles {
		os.Remove(name)
	}
	return err
}

// Returned hands the list to the caller.
func Returned(items []string) []string {
	var tempFiles []string
	for _, it := range items {
		tempFiles = append(tempFiles, writeTemp(it))
	}
	return tempFiles
}

// Dirs: directories appended after their creation's error check, dropped
// when a later one fails.
func Dirs(n int) ([]string, error) {
	var dirs []string
	for i := 0; i < n; i++ {
		d, err := os.MkdirTemp("", "d") // want `temp directory from os.MkdirTemp is appended to dirs, which the return named drops without removing it, so it stays on disk: remove the temp directories appended to dirs before returning there`
		if err != nil {
			return nil, err
		}
		dirs = append(dirs, d)
		if err := os.WriteFile(d+"/x", nil, 0o600); err != nil {
			return nil, err
		}
	}
	return dirs, nil
}

// OnlySome removes the list only through a helper that skips some.
func OnlySome(items []string) {
	var tempFiles []string
	tempFiles = append(tempFiles, writeTemp(items[0])) // want `temp file from writeTemp is appended to tempFiles, which the return named drops`
	lib.RemoveSome(tempFiles, func(string) bool { return len(items) > 1 })
}

func each(f func(string) string) string { return f("{f}") }

// Preview: the names a function returns are dropped when the command
// does not start.
func Preview(template string) error {
	command, tempFiles := lib.Expand(template, each) // want `the temp files whose names regression_namelistlib.Expand returns in tempFiles are not removed on the path named, so they stay on disk: remove each of them before returning there`
	cmd := exec.Command("sh", "-c", command)
	if err := cmd.Start(); err != nil {
		return err
	}
	err := cmd.Wait()
	lib.RemoveFiles(tempFiles)
	return err
}

// PreviewRemoved removes them on both branches.
func PreviewRemoved(template string) error {
	command, tempFiles := lib.ExpandVia(template, each)
	cmd := exec.Command("sh", "-c", command)
	if err := cmd.Start(); err != nil {
		lib.RemoveFiles(tempFiles)
		return err
	}
	err := cmd.Wait()
	lib.RemoveFiles(tempFiles)
	return err
}

// PreviewLoop drops them when a command of the loop does not start, and
// makes the next list (fzf's preview goroutine).
func PreviewLoop(requests chan string, show func(error)) {
	for template := range requests {
		command, tempFiles := lib.Expand(template, each) // want `the temp files whose names regression_namelistlib.Expand returns in tempFiles are not removed before it is called again in the loop, so they stay on disk: remove each of them on every path to the next call`
		cmd := exec.Command("sh", "-c", command)
		if err := cmd.Start(); err == nil {
			cmd.Wait()
			lib.RemoveFiles(tempFiles)
		} else {
			show(err)
		}
	}
}

// Merged gathers the lists and removes them all at the end.
func Merged(templates []string) {
	var all []string
	for _, template := range templates {
		command, tempFiles := lib.Expand(template, each)
		all = append(all, tempFiles...)
		exec.Command("sh", "-c", command).Run()
	}
	lib.RemoveFiles(all)
}

type running struct {
	cmd   *exec.Cmd
	files []string
}

// Handed keeps them with the command it returns.
func Handed(template string) (*running, error) {
	command, tempFiles := lib.Expand(template, each)
	cmd := exec.Command("sh", "-c", command)
	if err := cmd.Start(); err != nil {
		lib.RemoveFiles(tempFiles)
		return nil, err
	}
	return &running{cmd, tempFiles}, nil
}

// Discarded drops the list at the call: only -strict reports it
// (regression_namelist_strict), the command may use the files later.
func Discarded(template string, become func(string)) {
	command, _ := lib.Expand(template, each)
	become(command)
}

// ArgumentList: the directory is removed by its own deferred removal; the
// list is only the command's arguments (go/internal/srcimporter's cgo).
func ArgumentList() error {
	tmpdir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmpdir)
	args := []string{"tool", "-objdir", tmpdir}
	args = append(args, "-I", tmpdir)
	if err := exec.Command("go", args...).Run(); err != nil {
		return err
	}
	return nil
}

// FileArguments: each file is removed by its own deferred removal of its
// Name() (crypto/x509's testChainAgainstOpenSSL).
func FileArguments() error {
	args := []string{"verify"}
	f, err := os.CreateTemp("", "roots")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	args = append(args, "-CAfile", f.Name())
	return exec.Command("openssl", args...).Run()
}

type repo struct{ path string }

// StoredToo: the directory is also stored in the value returned (git-lfs's
// test repo): the list is not its only way out.
func StoredToo() (*repo, error) {
	path, err := os.MkdirTemp("", "repo")
	if err != nil {
		return nil, err
	}
	r := &repo{path: path}
	args := []string{"init"}
	args = append(args, path)
	if err := exec.Command("git", args...).Run(); err != nil {
		os.RemoveAll(path)
		return nil, err
	}
	return r, nil
}
