package session_test

import (
	"encoding/json"
	"fmt"
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
// creation and the purge on the audit stream.
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
	t, err := s.Transient("upload-*", time.Minute)
	if err != nil {
		panic(err)
	}
	fmt.Println(filepath.Dir(t.Path()) == s.Dir())
	s.Close()

	b, _ := os.ReadFile(filepath.Join(tmp, "audit.jsonl"))
	for line := range strings.SplitSeq(strings.TrimSpace(string(b)), "\n") {
		var e session.Event
		json.Unmarshal([]byte(line), &e)
		fmt.Println(e.Event, e.Kind, e.Why, e.TTLSeconds)
	}
	// Output:
	// true
	// create session  0
	// create transient  60
	// purge transient exit 0
	// purge session exit 0
}
