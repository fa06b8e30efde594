package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"honnef.co/go/tools/lintcmd/runner"
)

// TestProgressOnTerminalOnly: on a terminal the progress line is drawn and
// erased at the end; on a file, nothing is written.
func TestProgressOnTerminalOnly(t *testing.T) {
	m, s := openPTY(t)
	var stats runner.Stats
	stop := startProgress(s, &stats)
	time.Sleep(3 * progressInterval)
	stop()
	m.SetReadDeadline(time.Now().Add(2 * time.Second))
	buf := make([]byte, 4096)
	n, _ := m.Read(buf)
	got := string(buf[:n])
	if !strings.Contains(got, progname()+": listing packages") || !strings.HasSuffix(got, "\r\033[K") {
		t.Errorf("terminal got %q, want the progress line, erased at the end", got)
	}

	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stop = startProgress(f, &stats)
	time.Sleep(3 * progressInterval)
	stop()
	if fi, err := f.Stat(); err != nil || fi.Size() != 0 {
		t.Errorf("a file that is not a terminal got %d bytes of progress (%v)", fi.Size(), err)
	}
}
