package proc_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tmplint/tmplint/shim/fsmode"
	"github.com/tmplint/tmplint/shim/leakcheck"
	"github.com/tmplint/tmplint/shim/proc"
)

const envChild = "PROC_TEST_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(envChild) {
	case "":
		leakcheck.VerifyTestMain(m)
	case "fdparent":
		os.Exit(fdParent())
	case "eofparent":
		os.Exit(eofParent(os.Getenv("PROC_TEST_PLAIN") != ""))
	}
	os.Exit(3)
}

func sleepPath(t *testing.T) string {
	p, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep binary")
	}
	return p
}

// alive reports whether pid is a live (non-zombie) process.
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] != 'Z'
}

func killGroup(pid int) {
	if pid <= 1 {
		return // never kill(0) or kill(-1)
	}
	syscall.Kill(-pid, syscall.SIGKILL)
	syscall.Kill(pid, syscall.SIGKILL)
}

// fdParent opens a regular file (and a duplicate of it without
// close-on-exec), both ends of a pipe and a listening
// socket, declares one more file as ExtraFiles, starts a detached sleep
// whose stdout and stderr are the parent's own, checks its own copy of the
// declared file is closed, prints the child's pid and the declared file's
// path, and waits to be killed.
func fdParent() int {
	dir := os.Getenv("PROC_TEST_DIR")
	open, err := fsmode.Create(filepath.Join(dir, "parent-private"), 0o600)
	if err != nil {
		return fail(err)
	}
	defer open.Close()
	// A descriptor without close-on-exec, as inherited from a parent or
	// made by cgo: Start must not let the child inherit it either.
	leak, err := syscall.Dup(int(open.Fd())) //tmplint:ignore cloexec deliberately inheritable: the test proves Start keeps it from the child
	if err != nil {
		return fail(err)
	}
	defer syscall.Close(leak)
	r, w, err := os.Pipe()
	if err != nil {
		return fail(err)
	}
	defer r.Close()
	defer w.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail(err)
	}
	defer ln.Close()
	declared, err := fsmode.Create(filepath.Join(dir, "declared"), 0o600)
	if err != nil {
		return fail(err)
	}
	cmd := exec.Command(os.Getenv("PROC_TEST_SLEEP"), "60")
	cmd.ExtraFiles = []*os.File{declared}
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	pid, err := proc.StartDetached(cmd)
	if err != nil {
		return fail(err)
	}
	if err := declared.Close(); !errors.Is(err, os.ErrClosed) {
		return fail(fmt.Errorf("parent's copy of the declared file still open: %v", err))
	}
	fmt.Printf("%d\t%s\n", pid, declared.Name())
	select {}
}

func fail(err error) int {
	fmt.Fprintln(os.Stderr, err)
	return 1
}

// TestChildHoldsOnlyDeclaredFds: the parent (holding a file, a pipe and a
// socket of its own) starts a detached child and is then killed with
// SIGKILL; the child, still sleeping, holds exactly fds 0-2 on /dev/null
// and fd 3 on the declared file — nothing else the parent opened.
func TestChildHoldsOnlyDeclaredFds(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envChild+"=fdparent", "PROC_TEST_DIR="+dir, "PROC_TEST_SLEEP="+sleepPath(t))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		cmd.Wait()
		t.Fatal("parent printed nothing")
	}
	pidStr, declared, _ := strings.Cut(sc.Text(), "\t")
	pid, _ := strconv.Atoi(pidStr)
	defer killGroup(pid)
	cmd.Process.Kill()
	cmd.Wait()
	if !alive(pid) {
		t.Fatal("child died with the parent")
	}
	// The dynamic loader briefly holds the libraries it maps while the
	// child starts; a leaked descriptor stays. Read until the set settles.
	fdDir := fmt.Sprintf("/proc/%d/fd", pid)
	var got map[string]string
	var fds []string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		ents, err := os.ReadDir(fdDir)
		if err != nil {
			t.Fatal(err)
		}
		got, fds = map[string]string{}, nil
		for _, e := range ents {
			target, _ := os.Readlink(filepath.Join(fdDir, e.Name()))
			got[e.Name()] = target
			fds = append(fds, e.Name())
		}
		if len(got) <= 4 || time.Now().After(deadline) {
			break
		}
	}
	sort.Strings(fds)
	want := map[string]string{"0": os.DevNull, "1": os.DevNull, "2": os.DevNull, "3": declared}
	if len(got) != len(want) {
		t.Errorf("child fds %v: %v, want exactly 0-3", fds, got)
	}
	for fd, target := range want {
		if got[fd] != target {
			t.Errorf("child fd %s -> %q, want %q", fd, got[fd], target)
		}
	}
}

// eofParent starts a detached sleep whose stdout and stderr are the
// parent's own (through the shim, or plainly with plain set), prints the
// child's pid and exits.
func eofParent(plain bool) int {
	cmd := exec.Command(os.Getenv("PROC_TEST_SLEEP"), "60")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	var pid int
	if plain {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := cmd.Start(); err != nil {
			return fail(err)
		}
		pid = cmd.Process.Pid
	} else {
		var err error
		if pid, err = proc.StartDetached(cmd); err != nil {
			return fail(err)
		}
	}
	fmt.Println(pid)
	return 0
}

func runEOFParent(t *testing.T, plain bool) (pid int, sawEOF bool) {
	env := append(os.Environ(), envChild+"=eofparent", "PROC_TEST_SLEEP="+sleepPath(t))
	if plain {
		env = append(env, "PROC_TEST_PLAIN=1")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = w, w
	if err := proc.Start(cmd); err != nil { // closes our copy of w
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(r)
	line, err := br.ReadString('\n')
	if err != nil {
		t.Fatalf("parent printed no pid: %v", err)
	}
	pid, _ = strconv.Atoi(strings.TrimSpace(line))
	done := make(chan struct{})
	go func() { io.Copy(io.Discard, br); close(done) }()
	select {
	case <-done:
		sawEOF = true
	case <-time.After(time.Second):
	}
	return pid, sawEOF
}

// TestReaderSeesEOF: a reader of the parent's stdout sees EOF as soon as
// the parent exits, although the detached child it started is still alive.
// The control case, the same child started plainly with the parent's
// stdout, keeps the reader waiting: the test can tell the difference.
func TestReaderSeesEOF(t *testing.T) {
	pid, eof := runEOFParent(t, false)
	defer killGroup(pid)
	if !eof {
		t.Fatal("reader of the parent's stdout did not see EOF after the parent exited")
	}
	if pid == 0 || !alive(pid) {
		t.Fatalf("detached child %d is not alive", pid)
	}
	t.Run("control", func(t *testing.T) {
		pid, eof := runEOFParent(t, true)
		defer killGroup(pid)
		if eof {
			t.Fatal("control: reader saw EOF although the plain child holds the parent's stdout; the test proves nothing")
		}
	})
}

// TestStartClosesParentCopies: the parent's write end of the child's stdout
// pipe and its ExtraFiles are closed right after Start, so the reader sees
// EOF when the child exits; a file passed to Keep stays open; the parent's
// own stdio is never closed; WaitDelay is set.
func TestStartClosesParentCopies(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	extra, err := fsmode.Create(filepath.Join(t.TempDir(), "extra"), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := fsmode.Create(filepath.Join(t.TempDir(), "kept"), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer kept.Close()
	cmd := exec.Command("sh", "-c", "echo hello; echo to-extra >&3; echo to-kept >&4")
	cmd.Stdout = w
	cmd.Stderr = os.Stderr
	cmd.ExtraFiles = []*os.File{extra, kept}
	if err := proc.Start(cmd, proc.Keep(kept)); err != nil {
		t.Fatal(err)
	}
	if cmd.WaitDelay != proc.DefaultWaitDelay {
		t.Errorf("WaitDelay %v", cmd.WaitDelay)
	}
	done := make(chan []byte, 1)
	go func() { b, _ := io.ReadAll(r); done <- b }()
	select {
	case b := <-done:
		if string(b) != "hello\n" {
			t.Errorf("read %q", b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no EOF: the parent's write end is still open")
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); !errors.Is(err, os.ErrClosed) {
		t.Error("parent's write end not closed")
	}
	if err := extra.Close(); !errors.Is(err, os.ErrClosed) {
		t.Error("parent's ExtraFiles copy not closed")
	}
	if _, err := kept.Write(nil); err != nil {
		t.Errorf("kept file closed: %v", err)
	}
	if _, err := os.Stderr.Stat(); err != nil {
		t.Errorf("os.Stderr closed: %v", err)
	}
	if b, _ := os.ReadFile(extra.Name()); string(b) != "to-extra\n" {
		t.Errorf("extra file got %q", b)
	}
}

// TestCancelSignalsGroup: cancelling a CommandContext that runs a shell
// with a background grandchild writing to a buffer kills the whole process
// group: Wait returns promptly and the grandchild is gone.
func TestCancelSignalsGroup(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", `sleep 30 & echo $! > "$1"; wait`, "sh", pidFile)
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := proc.Start(cmd); err != nil {
		t.Fatal(err)
	}
	var gpid int
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(pidFile); err == nil && strings.HasSuffix(string(b), "\n") {
			gpid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
			break
		}
	}
	if gpid == 0 {
		t.Fatal("grandchild never started")
	}
	defer syscall.Kill(gpid, syscall.SIGKILL)
	start := time.Now()
	cancel()
	cmd.Wait()
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Wait took %v after cancel", d)
	}
	for deadline := time.Now().Add(5 * time.Second); alive(gpid) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if alive(gpid) {
		t.Error("grandchild survived the cancel")
	}
}

// TestDetachedRejectsWriter: a detached child's streams must be files.
func TestDetachedRejectsWriter(t *testing.T) {
	cmd := exec.Command("true")
	cmd.Stdout = new(bytes.Buffer)
	if _, err := proc.StartDetached(cmd); err == nil {
		t.Fatal("StartDetached with a buffer stdout succeeded")
	}
}
