// Package regression_keptforinspection pins an unsafe hint found in
// u-root: a test keeps its temp files when it fails (their names printed
// with t.Errorf, their removal guarded by a keep flag), so t.TempDir(),
// which removes them on failure too, is not the hint; removing them when
// the test passes is.
package regression_keptforinspection

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// build returns the file it built into; the caller keeps it on failure.
func build(t *testing.T, args []string) (*os.File, error) {
	f, err := os.CreateTemp("", "build-") // want `temp file f from os.CreateTemp is returned to the caller but not removed on the return that leaks it, so it stays on disk there: remove it when the test passes and keep it when it fails, as the test means to: t.Cleanup\(func\(\) { if !t.Failed\(\) { os.Remove\(f.Name\(\)\) } }\)`
	if err != nil {
		return nil, err
	}
	if err := exec.Command("build", append([]string{"-o", f.Name()}, args...)...).Run(); err != nil {
		return nil, err
	}
	return f, nil
}

// The callers give up quietly when a build fails (no tool here): the
// leak on build's error return is not only on a failed test's path.
func TestReproducible(t *testing.T) {
	f1, err := build(t, nil) // want `temp file f1 from build is not removed on every path, so it stays on disk: remove it when the test passes and keep it when it fails, as the test means to`
	if err != nil {
		t.Log(err)
		return
	}
	f2, err := build(t, nil)
	if err != nil {
		t.Log(err)
		return
	}
	keep := false
	defer func() {
		if !keep {
			os.Remove(f1.Name())
			os.Remove(f2.Name())
		}
	}()
	b1, _ := os.ReadFile(f1.Name())
	b2, _ := os.ReadFile(f2.Name())
	if !bytes.Equal(b1, b2) {
		keep = true
		t.Errorf("not reproducible: %s %s", f1.Name(), f2.Name())
	}
}

// A work dir whose removal a flag guards, in the test itself.
func TestKeepFlag(t *testing.T) {
	dir, err := os.MkdirTemp("", "work") // want `temp directory dir from os.MkdirTemp is not removed on any path, so it stays on disk: remove it when the test passes and keep it when it fails, as the test means to: t.Cleanup\(func\(\) { if !t.Failed\(\) { os.RemoveAll\(dir\) } }\)`
	if err != nil {
		t.Fatal(err)
	}
	keep := os.Getenv("KEEP") != ""
	if err := os.WriteFile(dir+"/x", nil, 0o600); err != nil {
		return
	}
	if !keep {
		os.RemoveAll(dir)
	}
}

// buildPlain's caller never looks at the file: t.TempDir() is the hint.
func buildPlain(t *testing.T) (*os.File, error) {
	f, err := os.CreateTemp("", "build-") // want `create it in t.TempDir\(\), which the testing package removes`
	if err != nil {
		return nil, err
	}
	if err := exec.Command("build", "-o", f.Name()).Run(); err != nil {
		return nil, err
	}
	return f, nil
}

func TestPlain(t *testing.T) {
	f, err := buildPlain(t)
	if err != nil {
		t.Log(err)
		return
	}
	defer os.Remove(f.Name())
	f.Close()
}
