package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestHelpIsUniform checks that every command answers -h (and -help,
// --help) with its own usage and exit 0, and that "tmplint help" knows the
// commands as well as the analyzers.
func TestHelpIsUniform(t *testing.T) {
	commands := []struct {
		name  string
		usage string // what its usage starts with
		run   func(args []string, stdout, stderr *bytes.Buffer) int
	}{
		{"standalone", "usage: ", func(args []string, stdout, stderr *bytes.Buffer) int { return runStandalone(args, stdout, stderr) }},
		{"sweep", "usage: tmplint sweep", func(args []string, stdout, stderr *bytes.Buffer) int { return runSweep(args, nil, stdout, stderr) }},
		{"audit", "usage: tmplint audit verify", func(args []string, stdout, stderr *bytes.Buffer) int { return runAudit(args, nil, stdout, stderr) }},
		{"audit verify", "usage: tmplint audit verify", func(args []string, stdout, stderr *bytes.Buffer) int {
			return runAudit(append([]string{"verify"}, args...), nil, stdout, stderr)
		}},
		{"version", "usage: ", func(args []string, stdout, stderr *bytes.Buffer) int { return runVersion(args, stdout, stderr) }},
	}
	for _, c := range commands {
		for _, h := range []string{"-h", "-help", "--help"} {
			var stdout, stderr bytes.Buffer
			code := c.run([]string{h}, &stdout, &stderr)
			if code != 0 || !strings.HasPrefix(stderr.String(), c.usage) {
				t.Errorf("%s %s: exit %d, stderr %q; want 0 and its usage (%q...)", c.name, h, code, firstLine(stderr.String()), c.usage)
			}
		}
	}

	for _, c := range []struct{ topic, usage string }{
		{"sweep", "usage: tmplint sweep"},
		{"audit", "usage: tmplint audit verify"},
		{"version", "usage: "},
		{"filemode", "filemode: "},
	} {
		var out bytes.Buffer
		if code := runHelp([]string{c.topic}, &out); code != 0 || !strings.HasPrefix(out.String(), c.usage) {
			t.Errorf("help %s: exit %d, output %q; want 0 and %q...", c.topic, code, firstLine(out.String()), c.usage)
		}
	}
	var out bytes.Buffer
	runHelp(nil, &out)
	for _, cmd := range []string{"tmplint sweep", "tmplint audit verify", "tmplint version", "tmplint help"} {
		if !strings.Contains(out.String(), cmd) {
			t.Errorf("help does not list %q:\n%s", cmd, out.String())
		}
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
