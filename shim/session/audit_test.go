package session

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// auditWork runs one session's worth of audited work: an authorized
// transient removed by the program, one purged by its TTL, one purged with
// the session, and an authorized handoff.
func auditWork(s *Session) error {
	scratch, err := s.Transient("scratch-*", time.Hour, Authorized("policy allow_write: scratch", "ticket-123"))
	if err != nil {
		return err
	}
	short, err := s.Transient("short-*", 10*time.Millisecond)
	if err != nil {
		return err
	}
	if _, err := s.Transient("kept-*", time.Hour, Authorized("policy allow_write: cache", "")); err != nil {
		return err
	}
	f, err := s.CreateTemp("report-*.json")
	if err != nil {
		return err
	}
	f.Close()
	if _, err := s.Handoff(f.Name(), time.Minute, Authorized("policy handoff: reports", "req-9"), Authorized("approved by", "alice")); err != nil {
		return err
	}
	for deadline := time.Now().Add(5 * time.Second); exists(short.Path()) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	return scratch.Remove()
}

// TestAuditChainVerifies: sessions running concurrently in one process,
// writing to one file, produce streams that verify; each create event
// carries its authorizations and each purge names its create event.
func TestAuditChainVerifies(t *testing.T) {
	tmp := t.TempDir()
	auditPath := filepath.Join(tmp, "audit.jsonl")
	af, err := OpenAuditFile(auditPath)
	if err != nil {
		t.Fatal(err)
	}
	defer af.Close()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			s, err := New("tool", WithTempDir(tmp), WithAudit(af))
			if err != nil {
				t.Error(err)
				return
			}
			if err := auditWork(s); err != nil {
				t.Error(err)
			}
			if err := s.Close(); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()

	b, _ := os.ReadFile(auditPath)
	r, err := VerifyAudit(bytes.NewReader(b), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Intact() || len(r.Findings) != 0 {
		t.Fatalf("findings on an untouched stream: %+v", r.Findings)
	}
	if len(r.Heads) != 8 {
		t.Fatalf("%d streams, want 8", len(r.Heads))
	}
	for _, h := range r.Heads {
		if !h.Closed || h.Events != 9 || h.Seq != 9 {
			t.Errorf("stream head %+v, want closed after 9 events", h)
		}
	}
	evs := readAudit(t, auditPath)
	created := map[string]Event{}
	for _, e := range evs {
		if e.Event == "create" {
			created[e.EventID()] = e
		}
	}
	var authorized, purges int
	for _, e := range evs {
		if e.Event == "create" && e.Kind == "transient" && strings.Contains(e.Path, "scratch-") {
			if len(e.Auth) != 1 || e.Auth[0] != (Authorization{"policy allow_write: scratch", "ticket-123"}) {
				t.Errorf("scratch create event auth %+v", e.Auth)
			}
			authorized++
		}
		if e.Event == "create" && e.Kind == "handoff" && len(e.Auth) != 2 {
			t.Errorf("handoff create event auth %+v", e.Auth)
		}
		if e.Event == "purge" {
			c, ok := created[e.CreateEvent]
			if !ok || c.Kind != e.Kind || c.ID != e.ID || c.Path != e.Path {
				t.Errorf("purge %+v refers to %q, not its create event", e, e.CreateEvent)
			}
			purges++
		}
	}
	if authorized != 8 || purges != 8*4 {
		t.Errorf("%d authorized scratch creates, %d purges; want 8 and 32", authorized, purges)
	}
}

// failingWriter fails every write.
type failingWriter struct{ n atomic.Int32 }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.n.Add(1)
	return 0, errors.New("disk on fire")
}

// panickingWriter panics on every write.
type panickingWriter struct{}

func (panickingWriter) Write(p []byte) (int, error) { panic("collector bug") }

// TestAuditFailingSink: sinks that fail or panic are reported once each
// through the error callback; the session keeps working and cleans up; the
// healthy sink gets every event, and the chain records the failed
// deliveries.
func TestAuditFailingSink(t *testing.T) {
	tmp := t.TempDir()
	var buf syncBuffer
	fw := &failingWriter{}
	var mu sync.Mutex
	var reported []error
	onErr := func(err error) {
		mu.Lock()
		reported = append(reported, err)
		mu.Unlock()
	}
	s, err := New("tool", WithTempDir(tmp), WithAudit(fw), WithAudit(panickingWriter{}), WithAudit(&buf), WithAuditErrors(onErr))
	if err != nil {
		t.Fatal(err)
	}
	if err := auditWork(s); err != nil {
		t.Fatal(err)
	}
	dir := s.Dir()
	if err := s.Close(); err != nil {
		t.Fatalf("Close with failing sinks: %v", err)
	}
	if exists(dir) {
		t.Fatal("session not removed")
	}
	if fw.n.Load() != 9 {
		t.Errorf("failing sink got %d writes, want every event (9)", fw.n.Load())
	}
	mu.Lock()
	if len(reported) != 2 || !strings.Contains(fmt.Sprint(reported), "disk on fire") || !strings.Contains(fmt.Sprint(reported), "collector bug") {
		t.Errorf("reported %v, want each failing sink once", reported)
	}
	mu.Unlock()
	r, err := VerifyAudit(bytes.NewReader(buf.Bytes()), nil)
	if err != nil || !r.Intact() || len(r.Findings) != 0 || len(r.Heads) != 1 || r.Heads[0].Events != 9 {
		t.Fatalf("healthy sink's copy: %v %+v", err, r)
	}
	var dropped int64
	for _, e := range readAuditBytes(t, buf.Bytes()) {
		dropped += e.Dropped
	}
	// Every failed delivery to the two failing sinks is counted, except
	// those of the last event, which no later event records: Close lets
	// the sinks finish before it writes the last event.
	if dropped != 2*8 {
		t.Errorf("dropped sums to %d, want the failed deliveries of the first 8 events (16)", dropped)
	}
}

// blockingWriter blocks every Write until release is closed.
type blockingWriter struct {
	entered chan struct{} // gets a value when a Write starts
	release chan struct{}
	writes  atomic.Int32
}

func (w *blockingWriter) Write(p []byte) (int, error) {
	select {
	case w.entered <- struct{}{}:
	default:
	}
	<-w.release
	w.writes.Add(1)
	return len(p), nil
}

// TestAuditBlockedSink: a sink that blocks does not block the program: its
// queue fills, further events for it are dropped and counted in the chain,
// the other sink gets every event, and Close gives up waiting after its
// bound, reporting the blocked sink.
func TestAuditBlockedSink(t *testing.T) {
	tmp := t.TempDir()
	bw := &blockingWriter{entered: make(chan struct{}, 1), release: make(chan struct{})}
	var buf syncBuffer
	var reported atomic.Int32
	s, err := New("tool", WithTempDir(tmp), WithAudit(bw), WithAudit(&buf),
		WithAuditErrors(func(error) { reported.Add(1) }), func(c *config) { c.flush = time.Second })
	if err != nil {
		t.Fatal(err)
	}
	<-bw.entered // the first event (the session's create) is in Write
	start := time.Now()
	const n = auditQueueLen + 100
	for range n {
		tr, err := s.Transient("t-*", time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		tr.Remove()
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("%d transients took %v with a blocked sink", n, d)
	}
	dir := s.Dir()
	closeStart := time.Now()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(closeStart); d > 5*time.Second {
		t.Fatalf("Close took %v with a blocked sink", d)
	}
	if exists(dir) {
		t.Fatal("session not removed")
	}
	if got := reported.Load(); got != 2 {
		t.Errorf("%d reports, want 2 (queue full, then Close giving up)", got)
	}
	evs := readAuditBytes(t, buf.Bytes())
	if len(evs) != 2*n+2 {
		t.Fatalf("healthy sink got %d events, want %d", len(evs), 2*n+2)
	}
	var dropped int64
	for _, e := range evs {
		dropped += e.Dropped
	}
	// One event is in the blocked Write, auditQueueLen wait in the queue;
	// the rest but the last (no later event counts it) were dropped.
	if want := int64(len(evs) - 1 - auditQueueLen - 1); dropped != want {
		t.Errorf("dropped sums to %d, want %d", dropped, want)
	}
	if r, err := VerifyAudit(bytes.NewReader(buf.Bytes()), nil); err != nil || !r.Intact() {
		t.Fatalf("healthy copy: %v %+v", err, r.Findings)
	}
	close(bw.release)
	for deadline := time.Now().Add(10 * time.Second); bw.writes.Load() < auditQueueLen+1 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	if got := bw.writes.Load(); got != auditQueueLen+1 {
		t.Errorf("blocked sink wrote %d events once released, want the %d queued", got, auditQueueLen+1)
	}
}

// TestAuditNoSink: without WithAudit nothing is chained or written.
func TestAuditNoSink(t *testing.T) {
	s, err := New("tool", WithTempDir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	if err := auditWork(s); err != nil {
		t.Fatal(err)
	}
	if s.cfg.stream != nil || s.createEvent != "" {
		t.Fatal("a stream without sinks")
	}
	s.Close()
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.b.Bytes())
}

func readAuditBytes(t *testing.T, b []byte) []Event {
	t.Helper()
	p := filepath.Join(t.TempDir(), "audit.jsonl")
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return readAudit(t, p)
}

// flakyWriter fails the writes whose number (from 1) is in fail, and keeps
// the others.
type flakyWriter struct {
	fail map[int]bool
	n    int
	buf  bytes.Buffer
}

func (w *flakyWriter) Write(p []byte) (int, error) { // called by one goroutine only
	w.n++
	if w.fail[w.n] {
		return 0, errors.New("collector hiccup")
	}
	return w.buf.Write(p)
}

// TestAuditFlakySinkCopy: the copy kept by a sink that lost some writes
// verifies, its gaps explained by the failed deliveries that the writer
// counted in later events; one more line removed from it is not explained
// and is found.
func TestAuditFlakySinkCopy(t *testing.T) {
	fw := &flakyWriter{fail: map[int]bool{2: true, 5: true}}
	s, err := New("tool", WithTempDir(t.TempDir()), WithAudit(fw), WithAuditErrors(func(error) {}))
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Transient("a-*", time.Hour) // event 2, lost
	if err != nil {
		t.Fatal(err)
	}
	s.cfg.stream.wait(time.Now().Add(10 * time.Second)) // the loss is known before event 3
	b, err := s.Transient("b-*", time.Hour)             // event 3 counts it
	if err != nil {
		t.Fatal(err)
	}
	a.Remove() // event 4
	b.Remove() // event 5, lost; the session's purge (6) counts it
	s.Close()

	copy := fw.buf.String()
	r, err := VerifyAudit(strings.NewReader(copy), nil)
	if err != nil {
		t.Fatal(err)
	}
	var explained int
	for _, f := range r.Findings {
		if strings.Contains(f.Message, "failed deliveries") {
			explained++
		}
	}
	if !r.Intact() || explained != 2 || len(r.Findings) != 2 || r.Events != 4 || !r.Heads[0].Closed {
		t.Fatalf("flaky copy: %d events, %d explained gaps, want 4 and 2: %+v", r.Events, explained, r.Findings)
	}
	lines := strings.SplitAfter(copy, "\n")
	lines = append(lines[:2:2], lines[3:]...) // seq 4 (the third line) removed as well
	r, err = VerifyAudit(strings.NewReader(strings.Join(lines, "")), nil)
	if err != nil || r.Intact() {
		t.Fatalf("flaky copy with a line removed: %v, %+v", err, r.Findings)
	}
}
