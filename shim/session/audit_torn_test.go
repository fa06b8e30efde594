package session

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// streamLines runs one session with a transient dir through a buffer sink
// and returns its four event lines (create, create, purge, purge), without
// their newlines.
func streamLines(t *testing.T, auth ...Authorization) [][]byte {
	t.Helper()
	var buf syncBuffer
	s, err := New("tool", WithTempDir(t.TempDir()), WithAudit(&buf))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := s.Transient("t-*", time.Hour, auth...)
	if err != nil {
		t.Fatal(err)
	}
	tr.Remove()
	s.Close()
	lines := bytes.Split(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), []byte("\n"))
	if len(lines) != 4 {
		t.Fatalf("%d events, want 4", len(lines))
	}
	return lines
}

// TestAuditEventSizeBound: an event whose fields would make it longer than
// MaxEventBytes (a 40 KB authorization reason, thousands of
// authorizations) is written cut to fit, with a marker saying how much was
// cut, and still chains and verifies.
func TestAuditEventSizeBound(t *testing.T) {
	many := make([]Authorization, 3000)
	for i := range many {
		many[i] = Authorized("rule", "t")
	}
	for name, auth := range map[string][]Authorization{
		"long reason":    {Authorized(strings.Repeat("r", 40<<10), "ticket-1")},
		"long both":      {Authorized(strings.Repeat("é", 20<<10), strings.Repeat("<", 10<<10))},
		"many":           many,
		"long and many":  append([]Authorization{Authorized(strings.Repeat("x", 9000), "")}, many...),
		"short, as is":   {Authorized("policy allow_write: scratch", "ticket-123")},
		"exactly enough": {Authorized(strings.Repeat("y", 3500), "")},
	} {
		t.Run(name, func(t *testing.T) {
			lines := streamLines(t, auth...)
			var all []byte
			for _, l := range lines {
				if len(l)+1 > MaxEventBytes {
					t.Errorf("event of %d bytes, above the bound %d", len(l)+1, MaxEventBytes)
				}
				all = append(append(all, l...), '\n')
			}
			var e Event
			if err := json.Unmarshal(lines[1], &e); err != nil {
				t.Fatal(err)
			}
			full, _ := json.Marshal(auth)
			got, _ := json.Marshal(e.Auth)
			if cut := len(full)+400 > MaxEventBytes; cut != strings.Contains(string(got), "[cut ") {
				t.Errorf("auth written as %.200q…: cut marker %v, want %v", got, !cut, cut)
			}
			r, err := VerifyAudit(bytes.NewReader(all), nil)
			if err != nil || !r.Intact() {
				t.Fatalf("verify: %v %+v", err, r)
			}
		})
	}
}

// TestAuditTornEvent: the start of an event whose writer was killed while
// writing it, with the next writer's event glued to it or at the end of the
// file, is reported as a torn event of its stream and seq, not as
// tampering; the same cut where its writer went on writing, or ending in a
// newline it could not have written, is tampering.
func TestAuditTornEvent(t *testing.T) {
	a := streamLines(t, Authorized(strings.Repeat("a", 3000), "x"))
	b := streamLines(t)
	c := streamLines(t)
	var sa, sb Event
	json.Unmarshal(a[0], &sa)
	json.Unmarshal(b[0], &sb)
	join := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	nl := []byte("\n")
	for _, c := range []struct {
		name   string
		input  []byte
		tamper bool
		seq    uint64 // the torn event's seq in stream a (0: none named)
	}{
		{"glued", join(a[0], nl, b[0], nl, a[1][:2000], b[1], nl, b[2], nl), false, 2},
		{"glued twice", join(a[0], nl, a[1][:100], b[0][:10], c[0], nl), false, 2},
		{"cut before its newline", join(a[0], nl, a[1], b[0], nl, b[1], nl), false, 0},
		{"at the end", join(b[0], nl, a[0], nl, a[1][:3000]), false, 2},
		{"too short to name it", join(a[0], nl, a[1][:20], b[0], nl), false, 0},
		{"shorter than an event's start", join(a[0], nl, a[1][:4], b[0], nl), false, 0},
		{"one byte", join(a[0], nl, a[1][:1], b[0], nl), false, 0},
		{"not the start of an event's start", join(a[0], nl, []byte(`{"x`), b[0], nl), true, 0},
		{"writer went on", join(a[0], nl, a[1][:2000], b[0], nl, a[2], nl), true, 2},
		{"cut line with newline", join(a[0], nl, a[1][:2000], nl, b[0], nl), true, 0},
		{"not an event start", join(a[0], nl, a[1][5:2000], b[0], nl), true, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := VerifyAudit(bytes.NewReader(c.input), nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Intact() == c.tamper {
				t.Errorf("intact %v, want %v: %+v", r.Intact(), !c.tamper, r.Findings)
			}
			var torn *AuditFinding
			for i, f := range r.Findings {
				if strings.Contains(f.Message, "torn event") && f.Stream == sa.Stream {
					torn = &r.Findings[i]
				}
			}
			if c.seq != 0 && (torn == nil || torn.Stream != sa.Stream || torn.Seq != c.seq) {
				t.Errorf("no torn event of stream %s seq %d reported: %+v", sa.Stream, c.seq, r.Findings)
			}
		})
	}
}
