//go:build unix

package session

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/tmplint/tmplint/shim/internal/layout"
	"github.com/tmplint/tmplint/shim/leakcheck"
)

const (
	envChild = "SESSION_TEST_CHILD"
	// envIgnored sets the signal dispositions a child starts with: the
	// termination signals it lists (by number, comma-separated) are
	// ignored, the others take their default action. Set for every child,
	// so that no test depends on what the test process inherited (under
	// nohup SIGHUP is ignored, in a background job SIGINT).
	envIgnored = "SESSION_TEST_IGNORED"
)

func TestMain(m *testing.M) {
	if list, ok := os.LookupEnv(envIgnored); ok {
		execWithDispositions(list)
	}
	switch os.Getenv(envChild) {
	case "":
		leakcheck.VerifyTestMain(m)
	case "hold":
		holdChild()
	case "worker":
		os.Exit(workerChild())
	case "audit":
		os.Exit(auditChild())
	case "bigclose":
		bigCloseChild()
	case "bigaudit":
		os.Exit(bigAuditChild())
	}
	os.Exit(3)
}

// holdChild starts a session (under SESSION_TEST_UMASK if set) through Main,
// creates a file, a dir and a transient dir, prints their paths and the
// signals the session catches, and waits for stdin to close, or for SIGTERM
// when SESSION_TEST_HANDLE is set.
func holdChild() {
	if m := os.Getenv("SESSION_TEST_UMASK"); m != "" {
		var mask int
		fmt.Sscanf(m, "%o", &mask)
		syscall.Umask(mask) //tmplint:ignore filemode the umask under test, including 000
	}
	opts := []Option{WithTempDir(os.Getenv("SESSION_TEST_TMP"))}
	if p := os.Getenv("SESSION_TEST_AUDIT"); p != "" {
		af, err := OpenAuditFile(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		opts = append(opts, WithAudit(af))
	}
	handle := os.Getenv("SESSION_TEST_HANDLE") != ""
	var own chan os.Signal
	if handle {
		own = make(chan os.Signal, 1)
		signal.Notify(own, syscall.SIGTERM)
		opts = append(opts, HandleSignals(syscall.SIGTERM))
	}
	Main(os.Getenv("SESSION_TEST_PROGRAM"), func(s *Session) int {
		f, err := s.CreateTemp("file-*")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		f.Close()
		d, err := s.MkdirTemp("dir-*")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		tr, err := s.Transient("tr-*", time.Hour)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Printf("%s\t%s\t%s\t%s\t%s\n", s.Dir(), f.Name(), d, tr.Path(), caughtSignals())
		if handle {
			<-own
			fmt.Println("handled")
			return 0
		}
		io.Copy(io.Discard, os.Stdin)
		return 0
	}, opts...)
}

// execWithDispositions re-executes the test binary with the termination
// signals in list (numbers) ignored and the others at their default action,
// so that the new image starts with exactly those dispositions. An ignored
// signal stays ignored across exec; a caught one reverts to the default.
func execWithDispositions(list string) {
	var ignore, reset []os.Signal
	for _, sig := range terminationSignals {
		if slices.Contains(strings.Split(list, ","), strconv.Itoa(int(sig.(syscall.Signal)))) {
			ignore = append(ignore, sig)
		} else {
			reset = append(reset, sig)
		}
	}
	// Both functions take every signal when given none.
	if len(ignore) > 0 {
		signal.Ignore(ignore...)
	}
	if len(reset) > 0 {
		signal.Notify(make(chan os.Signal, 1), reset...)
	}
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, envIgnored+"=") })
	exe, err := os.Executable()
	if err == nil {
		err = syscall.Exec(exe, os.Args, env)
	}
	fmt.Fprintln(os.Stderr, "re-executing the test binary:", err)
	os.Exit(3)
}

// caughtSignals lists, by number, the signals the sessions catch now.
func caughtSignals() string {
	sigs.mu.Lock()
	defer sigs.mu.Unlock()
	return signalList(sigs.caught...)
}

func signalList(ss ...os.Signal) string {
	var nums []string
	for _, s := range ss {
		nums = append(nums, strconv.Itoa(int(s.(syscall.Signal))))
	}
	return strings.Join(nums, ",")
}

type held struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	dir    string
	paths  []string
	caught string // the signals the child's session catches (signalList)
}

// startHold starts a hold child with every termination signal at its
// default action (env may set envIgnored to ignore some) and waits for its
// paths.
func startHold(t *testing.T, tmp, program string, env ...string) *held {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envChild+"=hold", "SESSION_TEST_TMP="+tmp, "SESSION_TEST_PROGRAM="+program, envIgnored+"=")
	cmd.Env = append(cmd.Env, env...) // the last of duplicate variables wins
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	sc := scanLines(t, cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	if !sc.Scan() {
		t.Fatalf("child printed nothing: %v", sc.Err())
	}
	fields := strings.Split(sc.Text(), "\t")
	if len(fields) != 5 {
		t.Fatalf("child printed %q, want 4 paths and the caught signals", sc.Text())
	}
	go io.Copy(io.Discard, struct{ io.Reader }{scReader{sc}})
	return &held{cmd: cmd, stdin: stdin, dir: fields[0], paths: fields[:4], caught: fields[4]}
}

type scReader struct{ sc interface{ Scan() bool } }

func (r scReader) Read([]byte) (int, error) {
	for r.sc.Scan() {
	}
	return 0, io.EOF
}

// TestModesUnderUmask000: a child started under umask 000 creates its
// session: the root, the per-program base and the session dir are exactly
// 0700, its temp file and lock exactly 0600, its temp and transient dirs
// 0700 (stat from the parent while the child lives); when the child's Main
// returns, the session directory no longer exists.
func TestModesUnderUmask000(t *testing.T) {
	for _, mask := range []string{"000", "022", "077"} {
		t.Run(mask, func(t *testing.T) {
			tmp := t.TempDir()
			h := startHold(t, tmp, "tool", "SESSION_TEST_UMASK="+mask)
			want := map[string]os.FileMode{
				layout.Root(tmp):          0o700 | os.ModeDir,
				filepath.Dir(h.dir):       0o700 | os.ModeDir,
				h.dir:                     0o700 | os.ModeDir,
				h.dir + layout.LockSuffix: 0o600,
				h.paths[1]:                0o600,
				h.paths[2]:                0o700 | os.ModeDir,
				h.paths[3]:                0o700 | os.ModeDir,
			}
			for p, m := range want {
				fi, err := os.Lstat(p)
				if err != nil || fi.Mode() != m {
					t.Errorf("umask %s: %s: %v (%v), want %v", mask, p, fi.Mode(), err, m)
				}
			}
			h.stdin.Close()
			if err := h.cmd.Wait(); err != nil {
				t.Fatalf("child: %v", err)
			}
			if exists(h.dir) || exists(h.dir+layout.LockSuffix) {
				t.Fatalf("session %s left after normal exit", h.dir)
			}
		})
	}
}

// TestSignalRemovesAndDies: a child started with SIGINT, SIGTERM and SIGHUP
// at their default action catches all three; on each, the session is
// removed, an audit purge with why=signal is written, and the child then
// dies of that very signal.
func TestSignalRemovesAndDies(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			tmp := t.TempDir()
			audit := filepath.Join(tmp, "audit.jsonl")
			h := startHold(t, tmp, "tool", "SESSION_TEST_AUDIT="+audit)
			if want := signalList(terminationSignals...); h.caught != want {
				t.Errorf("the session catches %q, want %q", h.caught, want)
			}
			h.cmd.Process.Signal(sig)
			wantSignalPurge(t, h, audit, sig)
		})
	}
}

// TestSignalIgnoredAtStart: a termination signal that the program started
// with ignored (nohup, a background job) and that the Go runtime keeps
// ignored — SIGHUP, SIGINT — is not caught: it leaves the program running
// and its session in place, and a later SIGTERM still removes the session.
// SIGTERM is caught even when it started ignored, because the Go runtime
// does not keep it ignored: the process would die of it.
func TestSignalIgnoredAtStart(t *testing.T) {
	hup, intr, term := syscall.SIGHUP, syscall.SIGINT, syscall.SIGTERM
	for _, c := range []struct {
		name    string
		ignored []os.Signal
		catches []os.Signal // in terminationSignals order
		send    syscall.Signal
	}{
		{"nohup", []os.Signal{hup}, []os.Signal{intr, term}, hup},
		{"background", []os.Signal{intr}, []os.Signal{term, hup}, intr},
		{"all/hangup", []os.Signal{intr, term, hup}, []os.Signal{term}, hup},
		{"all/interrupt", []os.Signal{intr, term, hup}, []os.Signal{term}, intr},
		{"all/terminated", []os.Signal{intr, term, hup}, []os.Signal{term}, term},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			audit := filepath.Join(tmp, "audit.jsonl")
			h := startHold(t, tmp, "tool", "SESSION_TEST_AUDIT="+audit, envIgnored+"="+signalList(c.ignored...))
			if want := signalList(c.catches...); h.caught != want {
				t.Errorf("the session catches %q, want %q", h.caught, want)
			}
			h.cmd.Process.Signal(c.send)
			if c.send == term {
				wantSignalPurge(t, h, audit, term)
				return
			}
			// An ignored signal is discarded when sent; a caught one would
			// purge and kill within this pause, and, were it still pending,
			// be delivered before the SIGTERM below (lower number first).
			time.Sleep(200 * time.Millisecond)
			for _, p := range h.paths {
				if !exists(p) {
					t.Errorf("%s removed after the ignored %v", p, c.send)
				}
			}
			h.cmd.Process.Signal(term)
			wantSignalPurge(t, h, audit, term)
		})
	}
}

// wantSignalPurge waits for the hold child to die of sig and checks that
// its session is gone, with audit purge events why=signal.
func wantSignalPurge(t *testing.T, h *held, audit string, sig syscall.Signal) {
	t.Helper()
	err := waitTimeout(t, h.cmd, 20*time.Second)
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("child exited with %v, want death by %v", err, sig)
	}
	ws := ee.Sys().(syscall.WaitStatus)
	if !ws.Signaled() || ws.Signal() != sig {
		t.Fatalf("child status %v, want killed by %v", ws, sig)
	}
	if exists(h.dir) || exists(h.dir+layout.LockSuffix) {
		t.Fatalf("session %s left after %v", h.dir, sig)
	}
	evs := readAudit(t, audit)
	if !findEvent(evs, "purge", "session", WhySignal, h.dir) || !findEvent(evs, "purge", "transient", WhySignal, h.paths[3]) {
		t.Errorf("no signal purge events: %+v", evs)
	}
}

// TestHandledSignal: a program that handles SIGTERM itself keeps control:
// the session stays until the program's own exit path closes it, and the
// process exits normally.
func TestHandledSignal(t *testing.T) {
	tmp := t.TempDir()
	h := startHold(t, tmp, "tool", "SESSION_TEST_HANDLE=1")
	h.cmd.Process.Signal(syscall.SIGTERM)
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("child: %v, want normal exit", err)
	}
	if exists(h.dir) {
		t.Fatal("session left after the program's own exit path")
	}
}

// TestStaleAfterKill9: a session whose owner was killed with SIGKILL is
// pruned by the next start of a different program (audit why=stale naming
// the dead owner's pid); a session whose owner is alive is not, even though
// both are older than anything.
func TestStaleAfterKill9(t *testing.T) {
	tmp := t.TempDir()
	dead := startHold(t, tmp, "crashy")
	alive := startHold(t, tmp, "steady")
	dead.cmd.Process.Kill()
	dead.cmd.Wait()
	if !exists(dead.dir) {
		t.Fatal("kill -9 left nothing to prune; test is void")
	}
	audit := filepath.Join(tmp, "audit.jsonl")
	af, _ := OpenAuditFile(audit)
	defer af.Close()
	s, err := New("third", WithTempDir(tmp), WithAudit(af))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.cfg.stream.wait(time.Now().Add(10 * time.Second)) // the pruner's events are written in the background
	if exists(dead.dir) || exists(dead.dir+layout.LockSuffix) {
		t.Error("stale session of a SIGKILLed owner not pruned")
	}
	for _, p := range alive.paths {
		if !exists(p) {
			t.Errorf("live session's %s was pruned", p)
		}
	}
	var ok bool
	for _, e := range readAudit(t, audit) {
		if e.Event == "purge" && e.Why == WhyStale && e.Path == dead.dir {
			ok = e.OwnerPID == dead.cmd.Process.Pid && e.Program == "crashy"
		}
	}
	if !ok {
		t.Error("no stale purge event naming the dead owner")
	}
	alive.stdin.Close()
	alive.cmd.Wait()
}

// TestLivenessIsTheLockNotThePid: a session whose lock file names a live pid
// (ours: as if the dead owner's pid had been reused) but whose lock is free
// is pruned; a session whose meta names a dead pid but whose lock is held
// is kept.
func TestLivenessIsTheLockNotThePid(t *testing.T) {
	tmp := t.TempDir()
	reused, err := New("tool", WithTempDir(tmp))
	if err != nil {
		t.Fatal(err)
	}
	reused.die() // the locks are free, the meta says pid = us (alive)
	held, err := New("tool", WithTempDir(tmp))
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	// Rewrite held's meta to a pid that cannot be alive.
	meta := fmt.Sprintf(`{"id":%q,"program":"tool","pid":%d,"uid":%d}`, held.id, 1<<22+1, os.Getuid())
	if err := os.WriteFile(held.Dir()+layout.LockSuffix, []byte(meta), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := New("tool", WithTempDir(tmp))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if exists(reused.Dir()) {
		t.Error("session with a free lock kept because its pid is alive")
	}
	if !exists(held.Dir()) {
		t.Error("session with a held lock pruned because its pid is dead")
	}
}

// TestHandoffCommandRemovesExactlyThatFile: for names with spaces, quotes,
// newlines, leading dashes and shell syntax, the Cleanup command run as-is
// under sh -c removes the handed-off file and nothing else.
func TestHandoffCommandRemovesExactlyThatFile(t *testing.T) {
	tmp := t.TempDir()
	s, err := New("tool", WithTempDir(tmp))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	names := []string{"report.json", "my report.json", "it's.json", `say "hi".json`, "two\nlines.json", "-rf", "--", "$(touch pwned).json", "`id`", "*", "back\\slash", "semi;colon&amp"}
	for _, n := range names {
		p := filepath.Join(s.Dir(), n)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := s.Handoff(p, 5*time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		sibling := filepath.Join(filepath.Dir(c.Path), "sibling")
		os.WriteFile(sibling, nil, 0o600)
		cmd := exec.Command("sh", "-c", c.Command)
		cmd.Dir = tmp
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%q: %s: %v %s", n, c.Command, err, out)
		}
		if exists(c.Path) {
			t.Errorf("%q: command %q did not remove the file", n, c.Command)
		}
		if !exists(sibling) {
			t.Errorf("%q: command %q removed a sibling", n, c.Command)
		}
	}
	if exists(filepath.Join(tmp, "pwned")) {
		t.Error("a command substitution ran")
	}
}

// TestAuditAppendOnly: the audit file is opened O_APPEND, close-on-exec,
// and created 0600 (checked under umask 000 by the child tests).
func TestAuditAppendOnly(t *testing.T) {
	f, err := OpenAuditFile(filepath.Join(t.TempDir(), "a"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fl, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
	if err != nil || fl&unix.O_APPEND == 0 {
		t.Fatalf("flags %#x %v: not O_APPEND", fl, err)
	}
	fd, _ := unix.FcntlInt(f.Fd(), unix.F_GETFD, 0)
	if fd&unix.FD_CLOEXEC == 0 {
		t.Fatal("audit file not close-on-exec")
	}
}

// TestLockCloexec: the session's lock descriptor is close-on-exec, so a
// child cannot keep a dead owner's session "alive".
func TestLockCloexec(t *testing.T) {
	s, err := New("tool", WithTempDir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fd, err := unix.FcntlInt(s.lock.Fd(), unix.F_GETFD, 0)
	if err != nil || fd&unix.FD_CLOEXEC == 0 {
		t.Fatal("lock not close-on-exec")
	}
}

// TestRootSafety: a per-user root that is a symbolic link is never
// followed (the session starts in a fallback root instead: see
// TestRootTakenByAnotherUser), a per-program base owned by someone else
// makes New fail with an error naming the path; a root of ours with a wider
// mode is narrowed to 0700.
func TestRootSafety(t *testing.T) {
	tmp := t.TempDir()
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, layout.Root(tmp)); err != nil {
		t.Fatal(err)
	}
	s0, err := New("tool", WithTempDir(tmp))
	if err != nil {
		t.Fatalf("New with a symlink at the root's name: %v", err)
	}
	if strings.HasPrefix(s0.Dir(), layout.Root(tmp)+"/") {
		t.Errorf("session %s under the symlinked root", s0.Dir())
	}
	s0.Close()
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Fatal("New wrote through the symlink")
	}
	tmp2 := t.TempDir()
	//tmplint:ignore filemode a root wider than 0700 that New must narrow
	if err := os.Mkdir(layout.Root(tmp2), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(layout.Root(tmp2), 0o755) //tmplint:ignore filemode a root wider than 0700 that New must narrow
	s, err := New("tool", WithTempDir(tmp2))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if fi, _ := os.Lstat(layout.Root(tmp2)); fi.Mode().Perm() != 0o700 {
		t.Fatalf("root mode %v not narrowed", fi.Mode())
	}
	if os.Getuid() == 0 {
		tmp3 := t.TempDir()
		os.Mkdir(layout.Root(tmp3), 0o700)
		os.Mkdir(filepath.Join(layout.Root(tmp3), "tool"), 0o700)
		os.Chown(filepath.Join(layout.Root(tmp3), "tool"), 65534, 65534)
		if _, err := New("tool", WithTempDir(tmp3)); err == nil || !strings.Contains(err.Error(), "owned by uid 65534") {
			t.Fatalf("New with a foreign base: %v", err)
		}
	}
}

// workerChild starts a session, writes files, checks them after a random
// pause, and closes.
func workerChild() int {
	s, err := New("worker", WithTempDir(os.Getenv("SESSION_TEST_TMP")))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var files []string
	for i := range 5 {
		f, err := s.CreateTemp("w-*")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Fprintf(f, "%s/%d", s.ID(), i)
		f.Close()
		files = append(files, f.Name())
	}
	time.Sleep(time.Duration(rand.IntN(100)) * time.Millisecond)
	for i, p := range files {
		b, err := os.ReadFile(p)
		if err != nil || string(b) != fmt.Sprintf("%s/%d", s.ID(), i) {
			fmt.Fprintf(os.Stderr, "lost %s: %q %v\n", p, b, err)
			return 1
		}
	}
	if err := s.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// TestFiftyConcurrent: with stale sessions of SIGKILLed owners waiting to be
// pruned, fifty processes start sessions at once, work, pause and exit;
// none loses a file to another's pruning, all succeed, and afterwards no
// session, lock or stale leftover remains.
func TestFiftyConcurrent(t *testing.T) {
	tmp := t.TempDir()
	for range 3 {
		h := startHold(t, tmp, "worker")
		h.cmd.Process.Kill()
		h.cmd.Wait()
	}
	const n = 50
	var wg sync.WaitGroup
	errs := make(chan string, n)
	for range n {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), envChild+"=worker", "SESSION_TEST_TMP="+tmp)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil {
				errs <- fmt.Sprintf("%v: %s", err, stderr.Bytes())
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	ents, err := os.ReadDir(filepath.Join(layout.Root(tmp), "worker"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		t.Errorf("left behind: %s", e.Name())
	}
}

// waitTimeout waits for cmd, killing it and failing the test if it does not
// exit in time.
func waitTimeout(t *testing.T, cmd *exec.Cmd, d time.Duration) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		t.Fatalf("child did not exit within %v", d)
		return nil
	}
}
