package regression_deferkill

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

func assertNoError(err error, t testing.TB, s string) {
	if err != nil {
		t.Fatal(s, err)
	}
}

// Killed by a deferred Kill right after the start: nothing to say in the
// default profile.
func TestDeferKill(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	time.Sleep(10 * time.Millisecond)
}

// Start's error checked by a helper that fails the test; the deferred
// closure kills the child.
func TestDeferClosureKill(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	cmd.Stdout = os.Stdout
	assertNoError(cmd.Start(), t, "starting fixture")
	pid := cmd.Process.Pid
	defer func() {
		if cmd.Process != nil {
			cmd.Process.Kill()
		}
	}()
	t.Log(pid)
	if testing.Short() {
		t.Fatal("short")
	}
}

// A test that can fail between the start and the defer leaves the child
// running on that path, holding the test binary's output.
func TestFailBeforeDefer(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	cmd.Stdout = os.Stdout
	if err := cmd.Start(); err != nil { // want `the child started by cmd.Start is never waited in this function but its cmd.Stdout is the parent's os.Stdout`
		t.Fatal(err)
	}
	if testing.Short() {
		t.Fatal("short")
	}
	defer cmd.Process.Kill()
}

// A kill in a goroutine may come after the test binary has exited.
func TestGoroutineKill(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	cmd.Stdout = os.Stdout
	if err := cmd.Start(); err != nil { // want `the child started by cmd.Start is never waited in this function but its cmd.Stdout is the parent's os.Stdout`
		t.Fatal(err)
	}
	defer func() {
		go func() {
			time.Sleep(time.Second)
			cmd.Process.Kill()
		}()
	}()
}

// A process exit skips the deferred Kill.
func TestExitSkipsDefer(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	cmd.Stdout = os.Stdout
	if err := cmd.Start(); err != nil { // want `the child started by cmd.Start is never waited in this function but its cmd.Stdout is the parent's os.Stdout`
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if testing.Short() {
		os.Exit(0)
	}
}
