package session_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tmplint/tmplint/shim/fsmode"
	"github.com/tmplint/tmplint/shim/session"
)

// A CLI or agent tool: private temp space for the run, a report handed to
// the caller with its cleanup object, everything else removed on return.
func ExampleNew() {
	tmp, _ := fsmode.MkdirTemp("", "example", 0o700) // stands in for os.TempDir()
	defer os.RemoveAll(tmp)

	s, err := session.New("mytool", session.WithTempDir(tmp))
	if err != nil {
		panic(err)
	}
	defer s.Close()

	scratch, _ := s.CreateTemp("scratch-*.txt") // 0600, removed with the session
	scratch.Close()

	report := filepath.Join(s.Dir(), "report.json")
	if err := os.WriteFile(report, []byte(`{"ok":true}`), 0o600); err != nil {
		panic(err)
	}
	cleanup, err := s.Handoff(report, 5*time.Minute)
	if err != nil {
		panic(err)
	}
	resp := map[string]any{
		"result":  cleanup.Path != "",
		"cleanup": cleanup,
		"meta":    map[string]string{"session_tmp_dir": s.Dir()},
	}
	b, _ := json.Marshal(resp["cleanup"])
	fmt.Println(strings.HasPrefix(string(b), `{"command":"rm -f '`+tmp))
	fmt.Println(strings.HasSuffix(string(b), `/report.json'","auto_cleanup_after_seconds":300}`))
	// Output:
	// true
	// true
}

// Main closes the session even though it ends the process with os.Exit.
func ExampleMain() {
	session.Main("mytool", func(s *session.Session) int {
		f, err := s.CreateTemp("work-*")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer f.Close()
		// ... the program's work ...
		return 0
	})
}

// A directory that security policy wants gone within a minute, with the
// creation (and who allowed it) and the purge on the audit stream. Each purge
// names the id of its create event; each event carries its stream, its
// number in it and the hash of the event before.
func ExampleSession_Transient() {
	tmp, _ := fsmode.MkdirTemp("", "example", 0o700)
	defer os.RemoveAll(tmp)
	audit, err := session.OpenAuditFile(filepath.Join(tmp, "audit.jsonl"))
	if err != nil {
		panic(err)
	}
	defer audit.Close()

	s, err := session.New("mytool", session.WithTempDir(tmp), session.WithAudit(audit))
	if err != nil {
		panic(err)
	}
	t, err := s.Transient("upload-*", time.Minute, session.Authorized("policy allow_write: scratch", "ticket-123"))
	if err != nil {
		panic(err)
	}
	fmt.Println(filepath.Dir(t.Path()) == s.Dir())
	s.Close() // waits (briefly) for the events to reach the sinks

	b, _ := os.ReadFile(filepath.Join(tmp, "audit.jsonl"))
	ids := map[string]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(b)), "\n") {
		var e session.Event
		json.Unmarshal([]byte(line), &e)
		ids[e.EventID()] = e.Event + " " + e.Kind
		ends := "-"
		if e.CreateEvent != "" {
			ends = "ends " + ids[e.CreateEvent]
		}
		fmt.Printf("%d %s %s why=%q ttl=%d auth=%v %s prev=%v\n", e.Seq, e.Event, e.Kind, e.Why, e.TTLSeconds, e.Auth, ends, e.Prev != "")
	}
	// Output:
	// true
	// 1 create session why="" ttl=0 auth=[] - prev=false
	// 2 create transient why="" ttl=60 auth=[{policy allow_write: scratch ticket-123}] - prev=true
	// 3 purge transient why="exit" ttl=0 auth=[] ends create transient prev=true
	// 4 purge session why="exit" ttl=0 auth=[] ends create session prev=true
}

// A security reviewer's check of an audit file, here with one line removed:
// the removal is found at the next line of the same stream. (The command
// tmplint audit verify FILE prints the same.)
func ExampleVerifyAudit() {
	tmp, _ := fsmode.MkdirTemp("", "example", 0o700)
	defer os.RemoveAll(tmp)
	path := filepath.Join(tmp, "audit.jsonl")
	audit, _ := session.OpenAuditFile(path)
	defer audit.Close()
	s, _ := session.New("mytool", session.WithTempDir(tmp), session.WithAudit(audit))
	t, _ := s.Transient("upload-*", time.Minute)
	t.Remove()
	s.Close()

	b, _ := os.ReadFile(path)
	r, _ := session.VerifyAudit(bytes.NewReader(b), nil)
	fmt.Println(r.Events, len(r.Heads), r.Intact())

	lines := strings.SplitAfter(string(b), "\n")
	tampered := strings.Join(append(lines[:1:1], lines[2:]...), "") // line 2 removed
	r, _ = session.VerifyAudit(strings.NewReader(tampered), nil)
	for _, f := range r.Findings {
		fmt.Printf("line %d: %s\n", f.Line, f.Message)
	}
	fmt.Println(r.Intact())
	// Output:
	// 4 1 true
	// line 2: an event of the stream is missing between seq 1 (line 1) and seq 3: removed
	// false
}

// Audit events sent both to a local file, for reading, and to the system
// log, which the program's user cannot rewrite: the anchor that shows a cut
// or rewritten file. A failing or blocked sink is reported once and never
// holds up the program.
func ExampleWithAudit() {
	file, err := session.OpenAuditFile("/var/log/mytool/temp-audit.jsonl") // chattr +a, see the package doc
	if err != nil {
		log.Fatal(err)
	}
	sys, err := session.OpenSyslog("mytool-audit") // authpriv.info
	if err != nil {
		log.Fatal(err)
	}
	s, err := session.New("mytool",
		session.WithAudit(file), session.WithAudit(sys),
		session.WithAuditErrors(func(err error) { log.Print(err) }))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	// ...
}
