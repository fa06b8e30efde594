//go:build linux

package execfd_test

// These tests run the hazards that execfd reports, for real, against a
// helper process (this test binary, re-executed with TMPLINT_EXECFD_HELPER
// set), and show that the fixed form does not have them. They document why
// the rules exist.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tmplint/tmplint/shim/leakcheck"
)

const helperEnv = "TMPLINT_EXECFD_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(helper(mode))
	}
	leakcheck.VerifyTestMain(m)
}

// helper is the child program.
func helper(mode string) int {
	switch mode {
	case "hello":
		fmt.Println("hello")
	case "fds":
		// List the descriptors above stderr, as the child sees them.
		ents, _ := os.ReadDir("/proc/self/fd")
		for _, e := range ents {
			if n, err := strconv.Atoi(e.Name()); err == nil && n > 2 {
				target, _ := os.Readlink("/proc/self/fd/" + e.Name())
				fmt.Printf("%d %s\n", n, target)
			}
		}
	case "sleep":
		time.Sleep(5 * time.Second)
	case "detach":
		// Start a long-lived grandchild and leave without waiting for it.
		gc := exec.Command(os.Args[0])
		gc.Env = append(os.Environ(), helperEnv+"=sleep")
		if os.Getenv("FIXED") == "" {
			gc.Stdout = os.Stdout // the hazard: the parent's own stdout
		}
		if os.Getenv("PDEATHSIG") != "" {
			// The grandchild dies with this process: it cannot keep the
			// stdout open after it.
			gc.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		}
		//tmplint:ignore execfd this helper demonstrates the hazard on purpose
		if err := gc.Start(); err != nil {
			return 1
		}
		os.WriteFile(os.Getenv("PIDFILE"), []byte(strconv.Itoa(gc.Process.Pid)), 0o600)
		gc.Process.Release()
		fmt.Println("parent done")
	case "exit":
	}
	return 0
}

func helperCmd(mode string) *exec.Cmd {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), helperEnv+"="+mode)
	return cmd
}

// readWithin reads r to EOF, giving up after d; it reports whether EOF came.
func readWithin(t *testing.T, r *os.File, d time.Duration) (string, bool) {
	t.Helper()
	if err := r.SetReadDeadline(time.Now().Add(d)); err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	switch {
	case err == nil:
		return string(b), true
	case errors.Is(err, os.ErrDeadlineExceeded):
		return string(b), false
	}
	t.Fatal(err)
	return "", false
}

// The parent keeps the write end of the pipe it handed to the child: the
// child has written and exited, yet the reader never sees EOF.
func TestHazardPipeWriteEndKept(t *testing.T) {
	for _, fixed := range []bool{false, true} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd := helperCmd("hello")
		cmd.Stdout = w
		//tmplint:ignore execfd the unfixed case keeps the write end on purpose
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if fixed {
			w.Close() // the fix: close the parent's copy right after Start
		}
		// The child's output fits in the pipe's buffer, so it can exit
		// before anyone reads: wait first, so that the deadline below
		// measures only the missing EOF, not how fast a loaded machine
		// starts the child.
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
		out, eof := readWithin(t, r, 300*time.Millisecond)
		if out != "hello\n" {
			t.Errorf("fixed=%v: read %q, want the child's output", fixed, out)
		}
		if eof != fixed {
			t.Errorf("fixed=%v: EOF seen = %v", fixed, eof)
		}
		if !fixed {
			t.Logf("write end kept: the read got %q and then blocked without EOF until the deadline", out)
			w.Close()
		}
		r.Close()
	}
}

// A file in ExtraFiles is the child's fd 3, visible in its /proc/self/fd;
// the parent's copy stays open after the child exits unless it is closed.
func TestHazardExtraFilesKept(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out bytes.Buffer
	cmd := helperCmd("fds")
	cmd.Stdout = &out
	cmd.ExtraFiles = []*os.File{w}
	//tmplint:ignore execfd the test shows the parent's copy outliving the child on purpose
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	target, _ := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", w.Fd()))
	if !strings.Contains(out.String(), "3 "+target) {
		t.Fatalf("the child does not see the pipe %s at fd 3; its fds:\n%s", target, out.String())
	}
	t.Logf("child's /proc/self/fd above stderr:\n%s", out.String())
	// The child has exited, but the parent's copy keeps the pipe writable.
	if _, eof := readWithin(t, r, 200*time.Millisecond); eof {
		t.Fatal("EOF seen while the parent still holds the write end")
	}
	w.Close()
	if _, eof := readWithin(t, r, 200*time.Millisecond); !eof {
		t.Fatal("no EOF after the parent closed its copy")
	}
}

// A child started and never waited stays a zombie.
func TestHazardStartWithoutWait(t *testing.T) {
	cmd := helperCmd("exit")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	zombie := false
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if procState(pid) == "Z" {
			zombie = true
			break
		}
	}
	if !zombie {
		t.Fatalf("child %d did not become a zombie (state %q)", pid, procState(pid))
	}
	// The fix: Wait reaps it.
	cmd.Wait()
	if s := procState(pid); s != "" {
		t.Errorf("child %d still exists after Wait (state %q)", pid, s)
	}
}

// Kill ends a child but does not reap it: it stays a zombie until Wait.
func TestHazardKillWithoutWait(t *testing.T) {
	cmd := helperCmd("sleep")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	zombie := false
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if procState(pid) == "Z" {
			zombie = true
			break
		}
	}
	if !zombie {
		t.Fatalf("killed child %d is not a zombie (state %q)", pid, procState(pid))
	}
	cmd.Wait() // the fix: Wait after Kill reaps it
	if s := procState(pid); s != "" {
		t.Errorf("child %d still exists after Wait (state %q)", pid, s)
	}
}

// A detached grandchild started with Pdeathsig holding the parent's stdout
// dies when the parent exits, so the reader of the parent's output sees EOF.
func TestPdeathsigChildDoesNotHoldStdout(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pid")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := helperCmd("detach")
	cmd.Env = append(cmd.Env, "PIDFILE="+pidfile, "PDEATHSIG=1")
	cmd.Stdout = w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	out, eof := readWithin(t, r, 2*time.Second)
	if b, err := os.ReadFile(pidfile); err == nil {
		if pid, err := strconv.Atoi(string(b)); err == nil {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	if out != "parent done\n" || !eof {
		t.Errorf("read %q, EOF seen = %v; want the parent's output and EOF", out, eof)
	}
}

func procState(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 || i+2 >= len(s) {
		return ""
	}
	return s[i+2 : i+3]
}

// A detached grandchild that inherits the parent's stdout keeps it open
// after the parent exits: whoever reads the parent's output hangs.
func TestHazardDetachedChildHoldsStdout(t *testing.T) {
	for _, fixed := range []bool{false, true} {
		pidfile := filepath.Join(t.TempDir(), "pid")
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd := helperCmd("detach")
		cmd.Env = append(cmd.Env, "PIDFILE="+pidfile)
		if fixed {
			cmd.Env = append(cmd.Env, "FIXED=1")
		}
		cmd.Stdout = w
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w.Close()
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
		// The parent has exited; does its output end?
		out, eof := readWithin(t, r, 300*time.Millisecond)
		r.Close()
		if b, err := os.ReadFile(pidfile); err == nil {
			if pid, err := strconv.Atoi(string(b)); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		if out != "parent done\n" {
			t.Errorf("fixed=%v: read %q", fixed, out)
		}
		if eof != fixed {
			t.Errorf("fixed=%v: EOF of the parent's output seen = %v", fixed, eof)
		}
	}
}

// A shell run under a context whose output is captured: on cancel the shell
// is killed, but the command it started keeps the pipe, and Output blocks
// until it exits. WaitDelay bounds the wait.
func TestHazardShellWithoutWaitDelay(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	for _, fixed := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		// "; true" keeps the shell from exec'ing sleep in its own place.
		cmd := exec.CommandContext(ctx, "/bin/sh", "-c", "sleep 5; true")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if fixed {
			cmd.WaitDelay = 100 * time.Millisecond
		}
		done := make(chan error, 1)
		var started = make(chan int, 1)
		go func() {
			var out bytes.Buffer
			cmd.Stdout = &out
			if err := cmd.Start(); err != nil {
				started <- 0
				done <- err
				return
			}
			started <- cmd.Process.Pid
			done <- cmd.Wait()
		}()
		pid := <-started
		time.Sleep(100 * time.Millisecond) // let the shell start sleep
		cancel()
		var returned bool
		select {
		case <-done:
			returned = true
		case <-time.After(400 * time.Millisecond):
		}
		if pid > 0 {
			syscall.Kill(-pid, syscall.SIGKILL) // end the orphaned sleep
		}
		if !returned {
			<-done
		}
		if returned != fixed {
			t.Errorf("fixed=%v: Wait returned within 400ms of cancel = %v", fixed, returned)
		}
	}
}
