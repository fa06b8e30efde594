package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tmplint/tmplint/internal/unirun"
)

// TestProgressOnTerminalOnly: on a terminal the progress line is drawn and
// erased at the end; on a file, nothing is written.
func TestProgressOnTerminalOnly(t *testing.T) {
	m, s := openPTY(t)
	// The pty may not support read deadlines: read in the background and
	// wait for the chunks up to a timeout.
	chunks := make(chan string, 64)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := m.Read(buf)
			if n > 0 {
				chunks <- string(buf[:n])
			}
			if err != nil {
				close(chunks)
				return
			}
		}
	}()
	var stats unirun.Stats
	stop := startProgress(s, &stats)
	time.Sleep(3 * progressInterval)
	stop()
	var got string
	timeout := time.After(5 * time.Second)
read:
	for !strings.HasSuffix(got, "\r\033[K") {
		select {
		case c, ok := <-chunks:
			if !ok {
				break read
			}
			got += c
		case <-timeout:
			break read
		}
	}
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
