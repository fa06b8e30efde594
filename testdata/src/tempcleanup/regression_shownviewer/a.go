// Package regression_shownviewer pins a false positive found in cmd/cover:
// a report written into a temp dir is opened in a viewer, or, when no
// viewer starts, its path is printed. Either way the user is given the
// report: the return after that hand-off is the success path, not a leak.
package regression_shownviewer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// view starts the first viewer that starts on url and does not wait for
// it: the viewer keeps running after view returns.
func view(url string) bool {
	for _, args := range [][]string{{"xdg-open"}, {"open"}} {
		cmd := exec.Command(args[0], append(args[1:], url)...)
		if cmd.Start() == nil {
			return true
		}
	}
	return false
}

// viewErr is view with an error result.
func viewErr(url string) error {
	if !view(url) {
		return fmt.Errorf("no viewer")
	}
	return nil
}

// Opened in a viewer, or its path printed when that fails: only the
// return before the hand-off leaks.
func report(data []byte) error {
	dir, err := os.MkdirTemp("", "report") // want `temp directory dir from os.MkdirTemp is shown to the user but not removed on the return that leaks it`
	if err != nil {
		return err
	}
	name := filepath.Join(dir, "report.html")
	if err := os.WriteFile(name, data, 0o600); err != nil {
		return err
	}
	if !view("file://" + name) {
		fmt.Fprintf(os.Stderr, "report written to %s\n", name)
	}
	return nil
}

// The same with an error result: the branch where opening failed prints
// the path.
func reportErr(data []byte) error {
	dir, err := os.MkdirTemp("", "report")
	if err != nil {
		return err
	}
	name := filepath.Join(dir, "report.html")
	os.WriteFile(name, data, 0o600)
	if err := viewErr("file://" + name); err != nil {
		fmt.Printf("report written to %s\n", name)
	}
	return nil
}

// Opened in a viewer with nothing printed when that fails: the user may
// never learn where the report is, and nothing removes it.
func reportUnshown(data []byte) error {
	dir, err := os.MkdirTemp("", "report") // want `temp directory dir from os.MkdirTemp is still in use when the function returns`
	if err != nil {
		return err
	}
	name := filepath.Join(dir, "report.html")
	os.WriteFile(name, data, 0o600)
	if !view("file://" + name) {
		fmt.Fprintln(os.Stderr, "no viewer")
	}
	return nil
}

// The failure branch prints another path: not this report.
func reportOther(data []byte, other string) error {
	dir, err := os.MkdirTemp("", "report") // want `temp directory dir from os.MkdirTemp is still in use when the function returns`
	if err != nil {
		return err
	}
	name := filepath.Join(dir, "report.html")
	os.WriteFile(name, data, 0o600)
	if !view("file://" + name) {
		fmt.Fprintf(os.Stderr, "see %s\n", other)
	}
	return nil
}

// cmd/cover's shape: the temp dir only when no output file is named, and
// the hand-off under the same condition later. The path that made the dir
// takes the same branch of the repeated condition.
func reportTo(data []byte, outfile string) error {
	var out *os.File
	var err error
	if outfile == "" {
		var dir string
		dir, err = os.MkdirTemp("", "report") // want `temp directory dir from os.MkdirTemp is shown to the user but not removed on the return that leaks it, so it stays on disk there: remove it there only: name the error result retErr and defer`
		if err != nil {
			return err
		}
		out, err = os.Create(filepath.Join(dir, "report.html"))
	} else {
		out, err = os.Create(outfile)
	}
	if err != nil {
		return err
	}
	out.Close()
	if outfile == "" {
		if !view("file://" + out.Name()) {
			fmt.Fprintf(os.Stderr, "report written to %s\n", out.Name())
		}
	}
	return nil
}

// The condition is written in between: the path may reach the return
// without the hand-off.
func reportToChanged(data []byte, outfile string) error {
	var out *os.File
	var err error
	if outfile == "" {
		var dir string
		dir, err = os.MkdirTemp("", "report") // want `temp directory dir from os.MkdirTemp is shown to the user but not removed on any path`
		if err != nil {
			return err
		}
		out, err = os.Create(filepath.Join(dir, "report.html"))
		outfile = out.Name()
	}
	if err != nil {
		return err
	}
	out.Close()
	if outfile == "" {
		if !view("file://" + out.Name()) {
			fmt.Fprintf(os.Stderr, "report written to %s\n", out.Name())
		}
	}
	return nil
}
