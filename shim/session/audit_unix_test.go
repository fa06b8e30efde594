//go:build unix

package session

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"log/syslog"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tmplint/tmplint/shim/proc"
)

// auditChild runs one session's audited work, with pauses so that the
// streams of concurrent children interleave, appending to SESSION_TEST_AUDIT.
func auditChild() int {
	af, err := OpenAuditFile(os.Getenv("SESSION_TEST_AUDIT"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	s, err := New("auditor", WithTempDir(os.Getenv("SESSION_TEST_TMP")), WithAudit(af))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	time.Sleep(time.Duration(rand.IntN(30)) * time.Millisecond)
	if err := auditWork(s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	time.Sleep(time.Duration(rand.IntN(30)) * time.Millisecond)
	if err := s.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// realAuditStream makes an audit file the way production does: a process
// that is SIGKILLed with its session open, then six processes and three
// sessions of this process at once, all appending to one file; one of them
// prunes the dead session as stale.
func realAuditStream(t *testing.T) []byte {
	t.Helper()
	tmp := t.TempDir()
	auditPath := filepath.Join(tmp, "audit.jsonl")
	dead := startHold(t, tmp, "crashy", "SESSION_TEST_AUDIT="+auditPath)
	time.Sleep(50 * time.Millisecond) // let its two events reach the file
	dead.cmd.Process.Kill()
	dead.cmd.Wait()

	af, err := OpenAuditFile(auditPath)
	if err != nil {
		t.Fatal(err)
	}
	defer af.Close()
	var wg sync.WaitGroup
	for range 6 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), envChild+"=audit", "SESSION_TEST_TMP="+tmp, "SESSION_TEST_AUDIT="+auditPath)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := proc.Start(cmd); err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			if err := cmd.Wait(); err != nil {
				t.Errorf("audit child: %v: %s", err, stderr.Bytes())
			}
		})
	}
	for range 3 {
		wg.Go(func() {
			s, err := New("tool", WithTempDir(tmp), WithAudit(af))
			if err == nil {
				err = auditWork(s)
				s.Close()
			}
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	b, err := os.ReadFile(auditPath)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAuditTamper: on a real stream of concurrent writers, every removed,
// edited or moved line is found at its position — except at the end of a
// stream, where only an anchor (the streams' heads, as the system log would
// hold them) shows it, as documented.
func TestAuditTamper(t *testing.T) {
	orig := realAuditStream(t)
	lines := strings.SplitAfter(string(orig), "\n")
	lines = lines[:len(lines)-1] // the empty string after the last line end

	r, err := VerifyAudit(bytes.NewReader(orig), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Intact() {
		t.Fatalf("untouched stream: %+v", r.Findings)
	}
	if len(r.Heads) != 10 {
		t.Fatalf("%d streams, want 10", len(r.Heads))
	}
	open := 0
	for _, h := range r.Heads {
		if !h.Closed {
			open++
		}
	}
	if open != 1 || len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, "its process died") {
		t.Fatalf("want one open stream, the killed process's, explained by a stale purge: %+v", r.Findings)
	}

	// Each line's stream, and the next line of the same stream.
	stream := make([]string, len(lines))
	for i, l := range lines {
		var e Event
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		stream[i] = e.Stream
	}
	next := func(i int) int {
		for j := i + 1; j < len(lines); j++ {
			if stream[j] == stream[i] {
				return j
			}
		}
		return -1
	}
	if interleaved(stream) < 5 {
		t.Fatalf("streams barely interleave (%d switches): test is void", interleaved(stream))
	}
	var heads bytes.Buffer // the last line of every stream: the anchors
	for i := range lines {
		if next(i) < 0 {
			heads.WriteString(lines[i])
		}
	}

	verify := func(what string, tampered []string, anchored bool) *AuditReport {
		t.Helper()
		var anchors io.Reader
		if anchored {
			anchors = bytes.NewReader(heads.Bytes())
		}
		rr, err := VerifyAudit(strings.NewReader(strings.Join(tampered, "")), anchors)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return rr
	}
	// at reports whether a tamper finding names line n (1-based).
	at := func(rr *AuditReport, n int) bool {
		return slices.ContainsFunc(rr.Findings, func(f AuditFinding) bool { return f.Tamper && (f.Line == n || f.Related == n) })
	}

	for i := range lines {
		tail := next(i) < 0
		// Removed: found at the stream's next line, which moved up one.
		del := slices.Delete(slices.Clone(lines), i, i+1)
		if !tail {
			if rr := verify("delete", del, false); !at(rr, next(i)) {
				t.Errorf("line %d removed: not found at line %d: %+v", i+1, next(i), rr.Findings)
			}
		} else {
			if rr := verify("delete tail", del, false); !rr.Intact() {
				t.Errorf("line %d, a stream's last, removed: found without an anchor? %+v", i+1, rr.Findings)
			}
			if rr := verify("delete tail", del, true); rr.Intact() {
				t.Errorf("line %d, a stream's last, removed: not found with the heads as anchors", i+1)
			}
		}

		// Edited, still valid JSON: found at the line itself.
		edit := slices.Clone(lines)
		edit[i] = strings.Replace(lines[i], `"pid":`, `"pid":1`, 1)
		if edit[i] == lines[i] {
			t.Fatalf("line %d: no pid to edit", i+1)
		}
		if !tail {
			if rr := verify("edit", edit, false); !at(rr, i+1) {
				t.Errorf("line %d edited: not found there: %+v", i+1, rr.Findings)
			}
		} else {
			if rr := verify("edit tail", edit, false); !rr.Intact() {
				t.Errorf("line %d, a stream's last, edited: found without an anchor? %+v", i+1, rr.Findings)
			}
			if rr := verify("edit tail", edit, true); !at(rr, i+1) {
				t.Errorf("line %d, a stream's last, edited: not found at its line with the heads as anchors: %+v", i+1, rr.Findings)
			}
		}

		// Its prev edited: found at the line or its predecessor.
		if strings.Contains(lines[i], `"prev":"`) {
			p := slices.Clone(lines)
			k := strings.Index(p[i], `"prev":"`) + len(`"prev":"`)
			p[i] = p[i][:k] + string("0123456789abcdef"[(strings.IndexByte("0123456789abcdef", p[i][k])+1)%16]) + p[i][k+1:]
			if rr := verify("edit prev", p, false); !at(rr, i+1) {
				t.Errorf("line %d's prev edited: not found: %+v", i+1, rr.Findings)
			}
		}

		// Cut short (a torn write, a crude edit): found at the line.
		torn := slices.Clone(lines)
		torn[i] = lines[i][:len(lines[i])/2] + "\n"
		if rr := verify("torn", torn, false); !at(rr, i+1) {
			t.Errorf("line %d cut short: not found there: %+v", i+1, rr.Findings)
		}

		// Swapped with the next line of its stream: found at one of them.
		if j := next(i); j >= 0 {
			sw := slices.Clone(lines)
			sw[i], sw[j] = sw[j], sw[i]
			if rr := verify("swap", sw, false); !at(rr, i+1) && !at(rr, j+1) {
				t.Errorf("lines %d and %d of one stream swapped: not found: %+v", i+1, j+1, rr.Findings)
			}
		}
		// Swapped with the next line of another stream: not tampering,
		// concurrent writers interleave in any order.
		if i+1 < len(lines) && stream[i+1] != stream[i] {
			sw := slices.Clone(lines)
			sw[i], sw[i+1] = sw[i+1], sw[i]
			if rr := verify("swap streams", sw, false); !rr.Intact() {
				t.Errorf("lines %d and %d of different streams swapped: reported: %+v", i+1, i+2, rr.Findings)
			}
		}
	}

	// A stream rewritten from its second event on, with the hashes
	// recomputed: the file alone shows nothing (as documented); the heads
	// kept elsewhere do.
	rewritten := slices.Clone(lines)
	prevHash := ""
	for i, l := range lines {
		if stream[i] != stream[0] {
			continue
		}
		var e Event
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		if e.Seq == 2 {
			e.Path = "/somewhere/else"
		}
		if e.Seq > 1 {
			e.Prev = prevHash
		}
		b, _ := json.Marshal(e)
		if e.Seq == 1 && string(b)+"\n" != l {
			t.Fatalf("an event does not marshal back to its line:\n%s%s", l, b)
		}
		prevHash = AuditHash(b)
		rewritten[i] = string(b) + "\n"
	}
	if rr := verify("rewrite", rewritten, false); !rr.Intact() {
		t.Errorf("a stream rewritten with its hashes recomputed: found without anchors? %+v", rr.Findings)
	}
	if rr := verify("rewrite", rewritten, true); rr.Intact() {
		t.Error("a stream rewritten with its hashes recomputed: not found with the heads as anchors")
	}

	// A copy of a line inserted further on: found.
	dup := slices.Insert(slices.Clone(lines), len(lines), lines[0])
	if rr := verify("duplicate", dup, false); !at(rr, len(lines)+1) {
		t.Errorf("line 1 repeated at the end: not found: %+v", rr.Findings)
	}
	// Everything but the anchors' streams' first halves cut: found.
	if rr := verify("truncate", lines[:len(lines)/2], true); rr.Intact() {
		t.Error("file cut in half: not found with anchors")
	}
}

// interleaved counts the places where consecutive lines are of different
// streams.
func interleaved(stream []string) int {
	n := 0
	for i := 1; i < len(stream); i++ {
		if stream[i] != stream[i-1] {
			n++
		}
	}
	return n
}

// TestAuditSyslogWire: events written through a *syslog.Writer (here to a
// socket of the test's own, standing in for the daemon) arrive one per
// message, and their copy verifies as received, prefixes and all.
func TestAuditSyslogWire(t *testing.T) {
	sock := socketPath(t, "log")
	msgs := listenUnixgram(t, sock)
	w, err := syslog.Dial("unixgram", sock, syslog.LOG_AUTHPRIV|syslog.LOG_INFO, "tmplint-test")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	s, err := New("tool", WithTempDir(t.TempDir()), WithAudit(w))
	if err != nil {
		t.Fatal(err)
	}
	if err := auditWork(s); err != nil {
		t.Fatal(err)
	}
	s.Close()
	got := msgs(9)
	for _, m := range got {
		if !strings.HasPrefix(m, fmt.Sprintf("<%d>", syslog.LOG_AUTHPRIV|syslog.LOG_INFO)) || !strings.Contains(m, " tmplint-test[") {
			t.Fatalf("message %q: not authpriv.info tagged tmplint-test", m)
		}
	}
	r, err := VerifyAudit(strings.NewReader(strings.Join(got, "")), nil)
	if err != nil || !r.Intact() || len(r.Findings) != 0 || len(r.Heads) != 1 || r.Heads[0].Events != 9 {
		t.Fatalf("syslog copy: %v %+v", err, r)
	}
}

// TestAuditJournalWire: OpenJournal speaks journald's native protocol
// (here to a socket of the test's own): one datagram per event, MESSAGE
// being the event's line, length-prefixed.
func TestAuditJournalWire(t *testing.T) {
	sock := socketPath(t, "journal")
	msgs := listenUnixgram(t, sock)
	defer func(old string) { journalSocket = old }(journalSocket)
	journalSocket = sock
	if _, err := OpenJournal("bad\nname"); err == nil {
		t.Fatal("an identifier with a line end accepted")
	}
	w, err := OpenJournal("tmplint-test")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	s, err := New("tool", WithTempDir(t.TempDir()), WithAudit(w))
	if err != nil {
		t.Fatal(err)
	}
	if err := auditWork(s); err != nil {
		t.Fatal(err)
	}
	s.Close()
	var copy strings.Builder
	for _, m := range msgs(9) {
		fields := parseJournal(t, []byte(m))
		if fields["SYSLOG_IDENTIFIER"] != "tmplint-test" || fields["PRIORITY"] != "6" || fields["SYSLOG_FACILITY"] != "10" {
			t.Fatalf("entry fields %q", fields)
		}
		copy.WriteString(fields["MESSAGE"] + "\n")
	}
	r, err := VerifyAudit(strings.NewReader(copy.String()), nil)
	if err != nil || !r.Intact() || len(r.Findings) != 0 || len(r.Heads) != 1 || r.Heads[0].Events != 9 {
		t.Fatalf("journal copy: %v %+v", err, r)
	}
}

// parseJournal parses one native-protocol datagram.
func parseJournal(t *testing.T, b []byte) map[string]string {
	t.Helper()
	fields := map[string]string{}
	for len(b) > 0 {
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 {
			t.Fatalf("unterminated field %q", b)
		}
		line := b[:nl]
		b = b[nl+1:]
		if k, v, ok := bytes.Cut(line, []byte("=")); ok {
			fields[string(k)] = string(v)
			continue
		}
		if len(b) < 8 {
			t.Fatalf("binary field %q without length", line)
		}
		n := binary.LittleEndian.Uint64(b)
		if uint64(len(b)) < 8+n+1 || b[8+n] != '\n' {
			t.Fatalf("binary field %q: bad length %d", line, n)
		}
		fields[string(line)] = string(b[8 : 8+n])
		b = b[8+n+1:]
	}
	return fields
}

// listenUnixgram listens on a datagram socket at path; the returned
// function waits for n datagrams.
func listenUnixgram(t *testing.T, path string) func(n int) []string {
	t.Helper()
	c, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return func(n int) []string {
		var got []string
		buf := make([]byte, 1<<16)
		for len(got) < n {
			c.SetReadDeadline(time.Now().Add(10 * time.Second))
			k, err := c.Read(buf)
			if err != nil {
				t.Fatalf("after %d of %d messages: %v", len(got), n, err)
			}
			got = append(got, string(buf[:k]))
		}
		return got
	}
}

// TestAuditSystemLog: events reach the running system's log and are read
// back from it. It needs a syslog daemon (/dev/log) and a place to read its
// authpriv messages from: journalctl, or a file named by
// TMPLINT_TEST_SYSLOG_FILE or one of the usual ones, readable by us.
func TestAuditSystemLog(t *testing.T) {
	if _, err := os.Stat("/dev/log"); err != nil {
		t.Skipf("no syslog socket: %v (no syslog daemon on this machine)", err)
	}
	tag := "tmplint-test-" + fmt.Sprint(rand.Uint64())
	w, err := OpenSyslog(tag)
	if err != nil {
		t.Skipf("syslog socket present but not accepting: %v", err)
	}
	defer w.Close()
	s, err := New("tool", WithTempDir(t.TempDir()), WithAudit(w))
	if err != nil {
		t.Fatal(err)
	}
	if err := auditWork(s); err != nil {
		t.Fatal(err)
	}
	s.Close()
	sources := []string{os.Getenv("TMPLINT_TEST_SYSLOG_FILE"), "/var/log/auth.log", "/var/log/secure", "/var/log/messages", "/var/log/syslog"}
	read := func() (string, string) {
		if _, err := exec.LookPath("journalctl"); err == nil {
			if out, err := exec.Command("journalctl", "-q", "-t", tag, "-o", "cat").Output(); err == nil && len(out) > 0 {
				return "journalctl", string(out)
			}
		}
		for _, f := range sources {
			if f == "" {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			var mine strings.Builder
			for l := range strings.Lines(string(b)) {
				if strings.Contains(l, " "+tag+"[") {
					mine.WriteString(l)
				}
			}
			if mine.Len() > 0 {
				return f, mine.String()
			}
		}
		return "", ""
	}
	var from, got string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if from, got = read(); strings.Count(got, "\n") >= 9 {
			break
		}
	}
	if from == "" {
		t.Skipf("syslog accepted the events, but none of journalctl and %q shows them to us", sources)
	}
	r, err := VerifyAudit(strings.NewReader(got), nil)
	if err != nil || !r.Intact() || len(r.Findings) != 0 || len(r.Heads) != 1 || r.Heads[0].Events != 9 {
		t.Fatalf("events read back from %s: %v %+v\n%s", from, err, r, got)
	}
	t.Logf("9 events read back from %s, chain intact", from)
}

// TestAuditJournal: events reach a running systemd journal through its
// native socket and are read back with journalctl.
func TestAuditJournal(t *testing.T) {
	if _, err := os.Stat(journalSocket); err != nil {
		t.Skipf("no journal socket: %v (not a systemd host)", err)
	}
	if _, err := exec.LookPath("journalctl"); err != nil {
		t.Skip("journal socket present but no journalctl to read it back")
	}
	id := "tmplint-test-" + fmt.Sprint(rand.Uint64())
	w, err := OpenJournal(id)
	if err != nil {
		t.Skipf("journal socket present but not accepting: %v", err)
	}
	defer w.Close()
	s, err := New("tool", WithTempDir(t.TempDir()), WithAudit(w))
	if err != nil {
		t.Fatal(err)
	}
	if err := auditWork(s); err != nil {
		t.Fatal(err)
	}
	s.Close()
	var out []byte
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if out, err = exec.Command("journalctl", "-q", "-t", id, "-o", "cat").Output(); err == nil && bytes.Count(out, []byte("\n")) >= 9 {
			break
		}
	}
	if len(out) == 0 {
		t.Skipf("the journal accepted the events, but journalctl does not show them to us: %v", err)
	}
	r, err := VerifyAudit(bytes.NewReader(out), nil)
	if err != nil || !r.Intact() || len(r.Findings) != 0 || len(r.Heads) != 1 || r.Heads[0].Events != 9 {
		t.Fatalf("events read back from the journal: %v %+v\n%s", err, r, out)
	}
}

// TestAuditFullPipe: a pipe to a collector that stopped reading fills up
// and then blocks every write; the program goes on at full speed, Close
// returns within its bound, and the session is cleaned up. Once the
// collector's end is closed, the sink's goroutine fails its writes and
// ends.
func TestAuditFullPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var reports sync.Map
	s, err := New("tool", WithTempDir(t.TempDir()), WithAudit(w),
		WithAuditErrors(func(err error) { reports.Store(err.Error(), true) }), func(c *config) { c.flush = time.Second })
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	const n = auditQueueLen // 2n events: more than the pipe and the queue hold
	for range n {
		tr, err := s.Transient("t-*", time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		tr.Remove()
	}
	dir := s.Dir()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("%d transients and Close took %v with a full pipe", n, d)
	}
	if exists(dir) {
		t.Fatal("session not removed")
	}
	var msgs []string
	reports.Range(func(k, _ any) bool { msgs = append(msgs, k.(string)); return true })
	if len(msgs) != 2 || !strings.Contains(strings.Join(msgs, "\n"), "queue full") || !strings.Contains(strings.Join(msgs, "\n"), "still pending") {
		t.Fatalf("reports %q, want the full queue and Close giving up", msgs)
	}
	r.Close() // the collector goes away: the blocked write fails with EPIPE
	deadline := time.Now().Add(10 * time.Second)
	for {
		sinksMu.Lock()
		_, alive := sinks[io.Writer(w)]
		sinksMu.Unlock()
		if !alive {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the sink's goroutine did not end after the pipe's reader closed")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// socketPath returns a path for a test's unix socket: in t.TempDir(), or,
// when that path would not fit in the 108 bytes of a socket's address (a
// long TMPDIR: .ci/hostile's "tmp dir with spaces" under a private one),
// in a directory of its own under /tmp.
func socketPath(t *testing.T, name string) string {
	p := filepath.Join(t.TempDir(), name)
	if len(p) < 100 {
		return p
	}
	dir, err := os.MkdirTemp("/tmp", "sock")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Join(dir, name)
}
