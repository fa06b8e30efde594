//go:build unix

package session

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/tmplint/tmplint/shim/internal/layout"
)

// bigCloseChild starts a session with SESSION_TEST_FILES files in it, prints
// its directory, waits for stdin to close, prints "closing" and returns
// from Main, which closes the session.
func bigCloseChild() {
	n, _ := strconv.Atoi(os.Getenv("SESSION_TEST_FILES"))
	Main("bigclose", func(s *Session) int {
		for i := range n {
			f, err := os.OpenFile(filepath.Join(s.Dir(), "f"+strconv.Itoa(i)), os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o600)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			f.Close()
		}
		fmt.Println(s.Dir())
		io.Copy(io.Discard, os.Stdin)
		fmt.Println("closing")
		return 0
	}, WithTempDir(os.Getenv("SESSION_TEST_TMP")))
}

// TestSignalDuringClose: a SIGTERM that arrives while Close is removing a
// large session lets the removal finish (no entry and no lock left), and
// the process then dies of that SIGTERM.
func TestSignalDuringClose(t *testing.T) {
	const files = 30000
	tmp := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envChild+"=bigclose", "SESSION_TEST_TMP="+tmp, "SESSION_TEST_FILES="+strconv.Itoa(files), envIgnored+"=")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		t.Fatalf("child printed nothing: %v", sc.Err())
	}
	dir := sc.Text()
	stdin.Close()
	if !sc.Scan() || sc.Text() != "closing" {
		t.Fatalf("child printed %q, want closing", sc.Text())
	}
	time.Sleep(10 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	go io.Copy(io.Discard, out)
	err = waitTimeout(t, cmd, 60*time.Second)
	left, _ := os.ReadDir(dir)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || !ee.Sys().(syscall.WaitStatus).Signaled() || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGTERM {
		t.Errorf("child ended with %v, want death by SIGTERM", err)
	}
	if exists(dir) || exists(dir+layout.LockSuffix) {
		t.Errorf("SIGTERM during Close left the session: %d of %d entries, lock present: %v", len(left), files, exists(dir+layout.LockSuffix))
	}
	if len(left) == files {
		t.Log("the removal had not begun when the signal came; the test proved nothing this time")
	}
}

// bigAuditChild appends, until killed, events of the largest size allowed
// (a transient dir authorized by a 40 KB reason, which the event cuts to
// MaxEventBytes) to SESSION_TEST_AUDIT. It prints "ready" once its first
// event is queued.
func bigAuditChild() int {
	af, err := OpenAuditFile(os.Getenv("SESSION_TEST_AUDIT"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	s, err := New("bigaudit", WithTempDir(os.Getenv("SESSION_TEST_TMP")), WithAudit(af))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	reason := strings.Repeat("because ", 5<<10)
	fmt.Println("ready")
	for {
		tr, err := s.Transient("t-*", time.Hour, Authorized(reason, "ticket-1"))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		tr.Remove()
	}
}

// TestAuditKilledWriters: writers of events of the largest allowed size,
// killed with SIGKILL at random moments while others go on appending to
// the same file, leave a file that verifies as intact: a torn event is
// reported as such (with its stream and seq), never as tampering, and no
// line but a torn one is longer than MaxEventBytes.
func TestAuditKilledWriters(t *testing.T) {
	if testing.Short() {
		t.Skip("kills writers for about 10 seconds")
	}
	tmp := t.TempDir()
	auditPath := filepath.Join(tmp, "audit.jsonl")
	start := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), envChild+"=bigaudit", "SESSION_TEST_TMP="+tmp, "SESSION_TEST_AUDIT="+auditPath)
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
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("writer did not start")
		}
		return cmd
	}
	const writers = 3
	var live [writers]*exec.Cmd
	for i := range live {
		live[i] = start()
	}
	defer func() {
		for _, c := range live {
			c.Process.Kill()
			c.Wait()
		}
	}()
	kills := 0
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); kills++ {
		time.Sleep(time.Duration(rand.IntN(20_000)) * time.Microsecond)
		i := rand.IntN(writers)
		live[i].Process.Kill()
		live[i].Wait()
		live[i] = start()
	}
	for _, c := range live {
		c.Process.Kill()
		c.Wait()
	}
	b, err := os.ReadFile(auditPath)
	if err != nil {
		t.Fatal(err)
	}
	r, err := VerifyAudit(bytes.NewReader(b), nil)
	if err != nil {
		t.Fatal(err)
	}
	torn, tampered := 0, 0
	for _, f := range r.Findings {
		switch {
		case f.Tamper:
			tampered++
			if tampered <= 5 {
				t.Errorf("line %d: TAMPERED: %s", f.Line, f.Message)
			}
		case strings.Contains(f.Message, "torn event"):
			torn++
			if f.Stream == "" || f.Seq == 0 {
				t.Logf("line %d: %s", f.Line, f.Message)
			}
		}
	}
	long := 0
	for _, l := range bytes.Split(b, []byte("\n")) {
		if len(l)+1 > MaxEventBytes {
			long++
		}
	}
	if long > torn {
		t.Errorf("%d lines longer than %d bytes, more than the %d torn events", long, MaxEventBytes, torn)
	}
	t.Logf("%d kills, %d events in %d streams, %d torn events, %d findings of tampering", kills, r.Events, len(r.Heads), torn, tampered)
}

// TestRootTakenByAnotherUser: another user who creates the per-user root's
// predictable name first in a shared temp dir (a directory of theirs, or a
// symbolic link, or a file) cannot stop sessions from starting: they start
// in a private fallback root with an unpredictable name, later starts use
// the same fallback and prune its stale sessions, and once the name is free
// again the usual root's starts still prune what was left in the fallback.
func TestRootTakenByAnotherUser(t *testing.T) {
	squats := map[string]func(path string) error{
		"symlink": func(p string) error { return os.Symlink("/", p) },
		"file":    func(p string) error { return os.WriteFile(p, nil, 0o600) },
	}
	if os.Getuid() == 0 {
		squats["foreign-dir"] = func(p string) error {
			if err := os.Mkdir(p, 0o777); err != nil {
				return err
			}
			return os.Chown(p, 65534, 65534)
		}
	}
	for name, squat := range squats {
		t.Run(name, func(t *testing.T) {
			tmp := t.TempDir()
			usual := layout.Root(tmp)
			if err := squat(usual); err != nil {
				t.Fatal(err)
			}
			crashed, err := New("tool", WithTempDir(tmp))
			if err != nil {
				t.Fatalf("New with %s squatting %s: %v", name, usual, err)
			}
			fallback := filepath.Dir(filepath.Dir(crashed.Dir()))
			if filepath.Dir(fallback) != tmp || !layout.IsFallbackRootName(filepath.Base(fallback)) {
				t.Fatalf("session in %s, want a fallback root %s-<id> in %s", crashed.Dir(), layout.RootName(), tmp)
			}
			if fi, err := os.Lstat(fallback); err != nil || fi.Mode() != os.ModeDir|0o700 {
				t.Fatalf("fallback root %s: %v %v, want a 0700 directory", fallback, fi.Mode(), err)
			}
			crashed.die() // its owner is gone: the session is stale
			s, err := New("other", WithTempDir(tmp))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(s.Dir(), fallback+"/") {
				t.Errorf("second session %s not in the same fallback %s", s.Dir(), fallback)
			}
			if exists(crashed.Dir()) {
				t.Errorf("stale session %s in the fallback root not pruned", crashed.Dir())
			}
			crashed2, err := New("tool", WithTempDir(tmp))
			if err != nil {
				t.Fatal(err)
			}
			crashed2.die()
			s.Close()
			// The squatter leaves: the usual root is used again, and its
			// starts prune the fallback's stale sessions.
			if err := os.Remove(usual); err != nil {
				t.Fatal(err)
			}
			s3, err := New("tool", WithTempDir(tmp))
			if err != nil {
				t.Fatal(err)
			}
			defer s3.Close()
			if !strings.HasPrefix(s3.Dir(), usual+"/") {
				t.Errorf("session %s not in the usual root %s once it is free", s3.Dir(), usual)
			}
			if exists(crashed2.Dir()) {
				t.Errorf("stale session %s in the fallback root not pruned from the usual root", crashed2.Dir())
			}
		})
	}
}

// TestRootInXDGRuntimeDir: with $XDG_RUNTIME_DIR set to a private directory
// of ours, the root is there, out of every other user's reach; a
// $XDG_RUNTIME_DIR that others may enter, or that does not exist, is not
// used.
func TestRootInXDGRuntimeDir(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	xdg := t.TempDir()
	os.Chmod(xdg, 0o700)
	t.Setenv("XDG_RUNTIME_DIR", xdg)
	s, err := New("tool")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.Dir(), filepath.Join(xdg, layout.RootName())+"/") {
		t.Errorf("session %s, want it under %s", s.Dir(), xdg)
	}
	s.Close()
	for _, bad := range []func() string{
		func() string { os.Chmod(xdg, 0o755); return xdg }, //tmplint:ignore filemode a runtime dir others may enter, which must not be used
		func() string { return filepath.Join(xdg, "missing") },
		func() string { return "relative/dir" },
	} {
		t.Setenv("XDG_RUNTIME_DIR", bad())
		s, err := New("tool")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(s.Dir(), layout.Root(tmp)+"/") {
			t.Errorf("XDG_RUNTIME_DIR=%s: session %s, want it under %s", os.Getenv("XDG_RUNTIME_DIR"), s.Dir(), layout.Root(tmp))
		}
		s.Close()
	}
}

// TestOpenAuditFileFIFO: OpenAuditFile on a FIFO that no one reads fails
// at once instead of blocking forever; with a reader it opens, in blocking
// mode, and events reach the reader.
func TestOpenAuditFileFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "audit.fifo")
	if err := unix.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		f, err := OpenAuditFile(p)
		if err == nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "no reader") {
			t.Errorf("OpenAuditFile on a FIFO without a reader: %v, want an error saying so", err)
		}
	case <-time.After(5 * time.Second):
		r, _ := os.OpenFile(p, os.O_RDONLY|unix.O_NONBLOCK, 0) // lets the blocked open return
		<-done
		r.Close()
		t.Fatal("OpenAuditFile on a FIFO without a reader blocked")
	}

	r, err := os.OpenFile(p, os.O_RDONLY|unix.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, err := OpenAuditFile(p)
	if err != nil {
		t.Fatalf("OpenAuditFile on a FIFO with a reader: %v", err)
	}
	fl, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_NONBLOCK != 0 {
		t.Errorf("audit FIFO left non-blocking (flags %#x, %v)", fl, err)
	}
	s, err := New("tool", WithTempDir(t.TempDir()), WithAudit(f))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	f.Close()
	b, _ := io.ReadAll(io.LimitReader(r, 1<<16))
	if n := bytes.Count(b, []byte("\n")); n != 2 {
		t.Errorf("the reader got %d events, want the session's create and purge: %q", n, b)
	}
}

// TestLiveSessionWithoutLockFile: a live session whose lock file a cleaner
// removed, and whose directory looks long abandoned, is kept by the next
// start: its owner's lock on the directory itself says it lives.
func TestLiveSessionWithoutLockFile(t *testing.T) {
	tmp := t.TempDir()
	live, err := New("tool", WithTempDir(tmp))
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if err := os.Remove(live.Dir() + layout.LockSuffix); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-24 * time.Hour)
	os.Chtimes(live.Dir(), old, old)
	s, err := New("other", WithTempDir(tmp))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if !exists(live.Dir()) {
		t.Fatal("a live session without its lock file was pruned")
	}
	if err := live.Close(); err != nil {
		t.Errorf("Close without the lock file: %v", err)
	}
}

// TestCreateExactMode: under umask 000, a file written with os.WriteFile in
// the session directory is 0666 (the exact-mode promise covers only the
// shim's own creators), while Create and WriteFile of the session and of a
// transient directory give 0600 exactly, also over an existing 0666 file,
// and never follow a symbolic link at the name.
func TestCreateExactMode(t *testing.T) {
	old := syscall.Umask(0) //tmplint:ignore filemode the umask under test
	defer syscall.Umask(old)
	s, err := New("tool", WithTempDir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tr, err := s.Transient("tr-*", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(s.Dir(), "plain")
	if err := os.WriteFile(plain, nil, 0o666); err != nil { //tmplint:ignore filemode what the doc warns about
		t.Fatal(err)
	}
	if fi, _ := os.Stat(plain); fi.Mode().Perm() != 0o666 {
		t.Errorf("os.WriteFile under umask 000 gave %v, the documentation says 0666", fi.Mode())
	}
	if err := s.WriteFile("a.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	f, err := s.Create("plain") // over the existing 0666 file
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.Mkdir(filepath.Join(s.Dir(), "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteFile("sub/b", []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := tr.WriteFile("c", []byte("x")); err != nil {
		t.Fatal(err)
	}
	g, err := tr.Create("d")
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	for _, p := range []string{filepath.Join(s.Dir(), "a.json"), plain, filepath.Join(s.Dir(), "sub/b"), filepath.Join(tr.Path(), "c"), filepath.Join(tr.Path(), "d")} {
		if fi, err := os.Lstat(p); err != nil || fi.Mode() != 0o600 {
			t.Errorf("%s: %v %v, want 0600 exactly", p, fi.Mode(), err)
		}
	}
	outside := filepath.Join(t.TempDir(), "outside")
	os.Symlink(outside, filepath.Join(s.Dir(), "link"))
	if err := s.WriteFile("link", []byte("x")); err == nil || exists(outside) {
		t.Errorf("WriteFile through a symbolic link: %v, outside exists: %v", err, exists(outside))
	}
	for _, bad := range []string{"../escape", "/abs", ""} {
		if err := s.WriteFile(bad, nil); err == nil {
			t.Errorf("WriteFile(%q) succeeded", bad)
		}
	}
}
