//go:build unix

package session

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

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

func bigAuditChild() int { return 3 }
