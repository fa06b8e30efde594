//go:build unix

package leakcheck

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestPipeLeft(t *testing.T) {
	s := take("")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	rep := s.check(noSettle())
	if len(rep.fds) != 2 {
		t.Fatalf("want both pipe ends, got %+v", rep.fds)
	}
	for _, d := range rep.fds {
		if !strings.HasPrefix(d.target, "pipe") || !d.cloexec {
			t.Errorf("descriptor = %+v", d)
		}
		msg := strings.Join(rep.lines(), "\n")
		for _, want := range []string{"left open", "pipe", "never sees EOF", "proc.Start", "execfd"} {
			if !strings.Contains(msg, want) {
				t.Errorf("message %q lacks %q", msg, want)
			}
		}
	}
}

func TestTempFileOpenAndNotCloexec(t *testing.T) {
	dir := t.TempDir()
	s := take(dir)
	f, err := os.CreateTemp(dir, "open-*")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep := s.check(noSettle())
	if len(rep.fds) != 1 || !rep.fds[0].inTemp && runtime.GOOS == "linux" {
		t.Fatalf("want the open temp file, got %+v", rep.fds)
	}
	if runtime.GOOS == "linux" && !strings.Contains(rep.fds[0].message(), "temp file descriptor") {
		t.Errorf("message %q does not name the temp file", rep.lines())
	}
	rep.fds[0].cloexec = false
	if msg := strings.Join(rep.lines(), "\n"); !strings.Contains(msg, "not close-on-exec") || !strings.Contains(msg, "cloexec analyzer") {
		t.Errorf("a descriptor without close-on-exec does not point at cloexec: %q", msg)
	}
}

// openAndDrop opens a file and drops it without closing: the os package's
// cleanup closes it after a garbage collection.
func openAndDrop(t *testing.T, name string) {
	if _, err := os.Open(name); err != nil {
		t.Fatal(err)
	}
}

func TestDescriptorClosedByFinalizer(t *testing.T) {
	name := t.TempDir() + "/f"
	os.WriteFile(name, nil, 0o600)
	s := take("")
	openAndDrop(t, name)
	if rep := s.check(newConfig(nil)); rep.leaked() {
		t.Errorf("descriptor closed by a finalizer within the settle time reported: %q", rep.lines())
	}
}

func TestIgnoreFD(t *testing.T) {
	s := take("")
	r, w, _ := os.Pipe()
	defer r.Close()
	defer w.Close()
	rep := s.check(newConfig([]Option{Settle(0), IgnoreFD(`^pipe`, "held for the whole run")}))
	if rep.leaked() || len(rep.ignored) != 2 {
		t.Errorf("ignored pipe: leaks %q, ignored %q", rep.lines(), rep.ignored)
	}
}

func start(t *testing.T, name string, args ...string) *exec.Cmd {
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("no %s binary", name)
	}
	cmd := exec.Command(path, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// waitState waits until the child pid is reported in state st.
func waitState(t *testing.T, s *snapshot, pid int, st byte) {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		for _, c := range s.check(noSettle()).children {
			if c.pid == pid && c.state == st {
				return
			}
		}
	}
	t.Fatalf("child %d never in state %c", pid, st)
}

func TestZombieChild(t *testing.T) {
	s := take("")
	cmd := start(t, "true")
	defer cmd.Wait()
	waitState(t, s, cmd.Process.Pid, 'Z')
	rep := s.check(noSettle())
	if len(rep.children) != 1 {
		t.Fatalf("want the zombie, got %+v", rep.children)
	}
	msg := strings.Join(rep.lines(), "\n")
	for _, want := range []string{"left as a zombie", "never waited", "cmd.Wait", "proc.Start", "execfd"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
}

func TestRunningChild(t *testing.T) {
	s := take("")
	cmd := start(t, "sleep", "30")
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	rep := s.check(noSettle())
	if len(rep.children) != 1 || rep.children[0].state == 'Z' {
		t.Fatalf("want the running child, got %+v", rep.children)
	}
	msg := strings.Join(rep.lines(), "\n")
	for _, want := range []string{"still running", "sleep 30", "proc.Start", "execfd"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	rep = s.check(newConfig([]Option{Settle(0), IgnoreCommand(`^\S*sleep 30$`, "a server for all tests")}))
	if rep.leaked() || len(rep.ignored) != 1 {
		t.Errorf("ignored child: leaks %q, ignored %q", rep.lines(), rep.ignored)
	}
}

func TestChildReapedWithinSettle(t *testing.T) {
	s := take("")
	cmd := start(t, "sleep", "0.2")
	go cmd.Wait()
	if rep := s.check(newConfig([]Option{Settle(5 * time.Second)})); rep.leaked() {
		t.Errorf("child reaped within the settle time reported: %q", rep.lines())
	}
}

func TestEverythingReleased(t *testing.T) {
	dir := t.TempDir()
	s := take(dir)
	r, w, _ := os.Pipe()
	cmd := exec.Command("true")
	cmd.Stdout = w
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	r.Close()
	w.Close()
	f, _ := os.CreateTemp(dir, "x")
	f.Close()
	os.Remove(f.Name())
	if rep := s.check(noSettle()); rep.leaked() {
		t.Errorf("released resources reported: %q", rep.lines())
	}
}
