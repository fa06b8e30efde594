package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tmplint/tmplint/shim/fsmode"
	"github.com/tmplint/tmplint/shim/session"
)

// auditStreamFile writes a real audit file: three sessions at once, each
// with an authorized transient and a handoff.
func auditStreamFile(t *testing.T) (dir string, lines []string) {
	t.Helper()
	dir = t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	af, err := session.OpenAuditFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer af.Close()
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			s, err := session.New("tool", session.WithTempDir(dir), session.WithAudit(af))
			if err != nil {
				t.Error(err)
				return
			}
			defer s.Close()
			tr, err := s.Transient("scratch-*", time.Hour, session.Authorized("policy allow_write: scratch", "ticket-123"))
			if err != nil {
				t.Error(err)
				return
			}
			f, err := s.CreateTemp("report-*")
			if err != nil {
				t.Error(err)
				return
			}
			f.Close()
			if _, err := s.Handoff(f.Name(), time.Minute); err != nil {
				t.Error(err)
			}
			tr.Remove()
		})
	}
	wg.Wait()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return dir, strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
}

func runAuditTest(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runAudit(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeLines(t *testing.T, path string, lines []string) string {
	t.Helper()
	if err := fsmode.WriteFileAtomic(path, []byte(strings.Join(lines, "")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestAuditVerify: tmplint audit verify passes an untouched stream, reports
// a removed line at the next line of its stream with exit 1, passes a cut
// tail without anchors (as documented) and catches it with the heads it
// printed before as anchors; bad usage and unreadable files exit 2.
func TestAuditVerify(t *testing.T) {
	dir, lines := auditStreamFile(t)
	if len(lines) != 3*5 {
		t.Fatalf("%d lines, want 15", len(lines))
	}
	orig := writeLines(t, filepath.Join(dir, "orig.jsonl"), lines)
	code, out, errOut := runAuditTest(t, "verify", "-heads", orig)
	if code != auditIntact || !strings.Contains(out, "15 events in 3 streams (3 closed, 0 open): intact") {
		t.Fatalf("untouched: exit %d\n%s%s", code, out, errOut)
	}
	heads := writeLines(t, filepath.Join(dir, "heads.jsonl"), []string{out})
	code, out, _ = runAuditTest(t, "verify", "-anchors", heads, orig)
	if code != auditIntact || !strings.Contains(out, "intact, anchors matched") {
		t.Fatalf("untouched with anchors: exit %d\n%s", code, out)
	}

	// Line 2 removed: its stream's next line is reported.
	next := 0
	stream := func(l string) string { _, rest, _ := strings.Cut(l, `"stream":"`); return rest[:26] }
	for j := 2; j < len(lines); j++ {
		if stream(lines[j]) == stream(lines[1]) {
			next = j // 0-based in the original, 1-based once line 2 is gone
			break
		}
	}
	del := writeLines(t, filepath.Join(dir, "del.jsonl"), append(append([]string{}, lines[:1]...), lines[2:]...))
	code, out, _ = runAuditTest(t, "verify", del)
	if want := fmt.Sprintf("%s:%d: TAMPERED: stream %s seq ", del, next, stream(lines[1])); code != auditTampered || !strings.Contains(out, want) {
		t.Fatalf("line 2 removed: exit %d, want %q in\n%s", code, want, out)
	}

	// The last line (a stream's end) removed: invisible without anchors,
	// found with them.
	cut := writeLines(t, filepath.Join(dir, "cut.jsonl"), lines[:len(lines)-1])
	if code, out, _ = runAuditTest(t, "verify", cut); code != auditIntact || !strings.Contains(out, "1 open") {
		t.Fatalf("tail cut, no anchors: exit %d\n%s", code, out)
	}
	if code, out, _ = runAuditTest(t, "verify", "-anchors", heads, cut); code != auditTampered || !strings.Contains(out, "is not in the input: removed") {
		t.Fatalf("tail cut, with anchors: exit %d\n%s", code, out)
	}

	// Standard input, as for rotated files given in order.
	var stdout bytes.Buffer
	if code := runAudit([]string{"verify", "-"}, strings.NewReader(strings.Join(lines, "")), &stdout, io.Discard); code != auditIntact || !strings.Contains(stdout.String(), "-: 15 events in 3 streams") {
		t.Fatalf("from standard input: exit %d\n%s", code, stdout.String())
	}

	// An empty file says so, and is not called intact.
	empty := writeLines(t, filepath.Join(dir, "empty.jsonl"), nil)
	if code, out, _ := runAuditTest(t, "verify", empty); code != auditIntact || !strings.Contains(out, "empty.jsonl: empty: no audit event") || strings.Contains(out, "intact") {
		t.Errorf("an empty file: exit %d\n%s", code, out)
	}

	for _, args := range [][]string{{}, {"check"}, {"verify"}, {"verify", filepath.Join(dir, "missing")}, {"verify", "-anchors", filepath.Join(dir, "missing"), orig}} {
		if code, _, _ := runAuditTest(t, args...); code != auditError {
			t.Errorf("tmplint audit %q: exit %d, want %d", args, code, auditError)
		}
	}
}
