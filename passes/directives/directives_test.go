package directives_test

import (
	"slices"
	"testing"

	"github.com/tmplint/tmplint/passes/directives"
)

func TestParse(t *testing.T) {
	tests := []struct {
		text      string
		ok        bool
		analyzers []string
		reason    string
	}{
		{"//tmplint:ignore filemode shared by design", true, []string{"filemode"}, "shared by design"},
		{"//tmplint:ignore filemode,temppath  two   spaces", true, []string{"filemode", "temppath"}, "two spaces"},
		{"//tmplint:ignore filemode", true, []string{"filemode"}, ""},
		{"//tmplint:ignore", true, nil, ""},
		{"//tmplint:ignorefilemode reason", false, nil, ""},
		{"// tmplint:ignore filemode reason", false, nil, ""},
		{"//lint:ignore SA1000 reason", false, nil, ""},
	}
	for _, tt := range tests {
		d, ok := directives.Parse(tt.text)
		if ok != tt.ok {
			t.Errorf("Parse(%q) ok = %v, want %v", tt.text, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if !slices.Equal(d.Analyzers, tt.analyzers) || d.Reason != tt.reason {
			t.Errorf("Parse(%q) = %q, %q; want %q, %q", tt.text, d.Analyzers, d.Reason, tt.analyzers, tt.reason)
		}
		for _, a := range tt.analyzers {
			if !d.Silences(a) {
				t.Errorf("Parse(%q).Silences(%q) = false", tt.text, a)
			}
		}
		if d.Silences("execfd") {
			t.Errorf("Parse(%q) silences an analyzer it does not name", tt.text)
		}
	}
}

func TestNearest(t *testing.T) {
	for _, c := range []struct {
		name, nearest string
		close         bool
	}{
		{"filemod", "filemode", true},
		{"tempclean", "tempcleanup", true},
		{"fd", "execfd", false},
		{"cloexc", "cloexec", true},
		{"tmppath", "temppath", true},
		{"nosuch", "", false},
		{"execFD", "execfd", true},
	} {
		got := directives.Nearest(c.name)
		if c.nearest != "" && got != c.nearest {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.nearest)
		}
		if directives.Close(c.name, got) != c.close {
			t.Errorf("Close(%q, %q) = %v, want %v", c.name, got, !c.close, c.close)
		}
	}
}
