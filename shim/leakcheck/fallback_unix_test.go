//go:build unix

package leakcheck

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The fallbacks the other Unix systems use run here too, so that they are
// tested where the tests run.

func TestDevFDs(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	probed := probeFDs()
	for _, f := range []*os.File{r, w} {
		fd := int(f.Fd())
		if !slices.Contains(probed, fd) {
			t.Errorf("probeFDs misses open descriptor %d: %v", fd, probed)
		}
		i := slices.IndexFunc(devFDs(), func(o openFD) bool { return o.fd == fd })
		if i < 0 {
			t.Fatalf("devFDs misses open descriptor %d", fd)
		}
		if d := devFDs()[i]; d.target != "pipe" || !d.cloexec || d.id == "" {
			t.Errorf("devFDs: descriptor %d = %+v", fd, d)
		}
	}
}

func TestPsChildren(t *testing.T) {
	if _, err := exec.LookPath("ps"); err != nil {
		t.Skip("no ps")
	}
	s := take("")
	running := start(t, "sleep", "30")
	defer func() {
		running.Process.Kill()
		running.Wait()
	}()
	zombie := start(t, "true")
	defer zombie.Wait()
	waitState(t, s, zombie.Process.Pid, 'Z')
	kids, err := psChildren()
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, k := range kids {
		switch k.pid {
		case running.Process.Pid:
			found++
			if k.state == 'Z' || !strings.Contains(k.cmdline, "sleep 30") {
				t.Errorf("running child from ps = %+v", k)
			}
		case zombie.Process.Pid:
			found++
			if k.state != 'Z' {
				t.Errorf("zombie from ps = %+v", k)
			}
		}
	}
	if found != 2 || len(kids) != 2 {
		t.Errorf("ps found %+v, want the two children only", kids)
	}
}
