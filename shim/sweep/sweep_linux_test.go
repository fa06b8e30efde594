package sweep

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInUseByProcess: a pattern-matched tree, old enough and owned by us,
// that a live process works in (its working directory is inside the tree)
// or has a file of open is skipped with the reason, at the scan and at
// removal time; a tree no process uses is removed.
func TestInUseByProcess(t *testing.T) {
	f := newFixture(t)
	cwdTree := filepath.Join(f.base, "myapp-cwd")
	openTree := filepath.Join(f.base, "myapp-open")
	lateTree := filepath.Join(f.base, "myapp-late")
	idle := filepath.Join(f.base, "myapp-idle")
	for _, d := range []string{cwdTree, openTree, lateTree, idle} {
		f.mkTree(d)
	}
	start := func(dir string, args ...string) {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	}
	start(filepath.Join(cwdTree, "sub"), "sleep", "60")
	start(f.base, "sh", "-c", `exec 3<"$1"; exec sleep 60`, "sh", filepath.Join(openTree, "sub", "data"))
	time.Sleep(200 * time.Millisecond) // let sh open the file and exec
	for _, d := range []string{cwdTree, openTree, lateTree, idle} {
		backdate(t, d, 2*time.Hour)
	}
	p := scan(t, Options{Base: f.base, Patterns: []string{"myapp-*"}, MinAge: time.Hour})
	for tree, want := range map[string]string{cwdTree: "(sleep) works in it", openTree: "has it open"} {
		if r := skipReason(p.Skipped, tree); !strings.Contains(r, "in use: sub") || !strings.Contains(r, want) {
			t.Errorf("%s: skip reason %q, want in use, %q", tree, r, want)
		}
	}
	// A process that starts working in a candidate after the scan.
	p.inUseAt = time.Time{}
	start(lateTree, "sleep", "60")
	time.Sleep(100 * time.Millisecond)
	res := p.Execute()
	if r := skipReason(res.Skipped, lateTree); !strings.Contains(r, "in use") {
		t.Errorf("%s: a process works in it since the scan: skip reason %q", lateTree, r)
	}
	for _, d := range []string{cwdTree, openTree, lateTree} {
		if !exists(d) {
			t.Errorf("%s, in use by a live process, was removed", d)
		}
	}
	if exists(idle) {
		t.Errorf("%s, in use by no one, was not removed: %+v", idle, res)
	}
}
