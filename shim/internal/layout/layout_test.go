package layout

import (
	"strings"
	"testing"
	"time"
)

func TestNames(t *testing.T) {
	id := NewID()
	if len(id) != 26 || !isID(id) || NewID() == id {
		t.Fatalf("bad id %q", id)
	}
	s := SessionName(id)
	if !IsSessionName(s) {
		t.Errorf("%s not a session name", s)
	}
	if got, ok := IsLockName(LockName(s)); !ok || got != s {
		t.Errorf("lock name of %s", s)
	}
	for _, bad := range []string{"session-", "session-" + strings.Repeat("w", 26), "session-" + strings.ToUpper(id), "session-" + id + "x", "xsession-" + id, s + ".lock.lock"} {
		if IsSessionName(bad) {
			t.Errorf("%q accepted as a session name", bad)
		}
	}
	exp := time.Unix(1700000000, 0)
	h := HandoffName(exp, id)
	if got, ok := HandoffExpiry(h); !ok || !got.Equal(exp) {
		t.Errorf("%s: %v %v", h, got, ok)
	}
	for _, bad := range []string{"handoff-", "handoff-1-x", "handoff--1-" + id, "handoff-01-" + id, "handoff-1700000000-" + id + "-", "handoff-+1-" + id} {
		if _, ok := HandoffExpiry(bad); ok {
			t.Errorf("%q accepted as a handoff name", bad)
		}
	}
}

func TestProgramName(t *testing.T) {
	for in, want := range map[string]string{
		"/usr/bin/mytool": "mytool", "tool.exe": "tool", "a b/c": "c", "we ird$": "we_ird_",
		"": "program", ".": "program", "..": "program", "/": "_", strings.Repeat("x", 100): strings.Repeat("x", 64),
	} {
		if got := ProgramName(in); got != want {
			t.Errorf("ProgramName(%q) = %q, want %q", in, got, want)
		}
	}
}
