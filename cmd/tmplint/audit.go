package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tmplint/tmplint/shim/session"
)

// Exit codes of tmplint audit verify.
const (
	auditIntact   = 0 // every file verified
	auditTampered = 1 // a finding shows that a file was altered
	auditError    = 2 // bad usage, an unreadable file
)

const auditUsage = `usage: tmplint audit verify [flags] FILE...

Checks audit streams written by the shim's session package (WithAudit):
within each session's stream, every event from the first to the last present
must be there, in order, unchanged, each carrying the hash of the one before.
A removed, edited, moved or repeated line is reported as FILE:LINE. Streams
of concurrent writers may interleave in any order.

The end of a stream cannot be checked from the file alone: removing a
stream's last events, or whole streams, or editing a stream's last event,
leaves no trace in it. -anchors names an independent copy of some events
(the stream as the system log or a collector received it, or heads printed
earlier with -heads and kept elsewhere); each must be in FILE unchanged.
Lines that do not start with '{' are read from their first '{"', so system
log exports can be given as they are (journalctl -t TAG -o cat, or the lines
of /var/log/auth.log with the tag).

A stream cut by log rotation looks like one whose start was removed: give
the rotated files in order as one input, FILE '-' being standard input
(cat audit.jsonl.1 audit.jsonl | tmplint audit verify -).

Exit status: 0 intact, 1 tampering found, 2 usage or I/O error.

flags:
`

// runAudit runs tmplint audit SUBCOMMAND.
func runAudit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && isHelpArg(args[0]) {
		args = []string{"verify", "-h"} // the one subcommand's usage
	}
	if len(args) == 0 || args[0] != "verify" {
		fmt.Fprint(stderr, auditUsage)
		return auditError
	}
	fs := flag.NewFlagSet("audit verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, auditUsage)
		fs.PrintDefaults()
	}
	anchorsPath := fs.String("anchors", "", "a file of anchor events that must be in every FILE unchanged")
	heads := fs.Bool("heads", false, "print the last event of every stream (the anchors to keep elsewhere)")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return auditIntact
		}
		return auditError
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return auditError
	}
	var anchors []byte
	if *anchorsPath != "" {
		b, err := os.ReadFile(*anchorsPath)
		if err != nil {
			fmt.Fprintf(stderr, "tmplint audit verify: %v\n", err)
			return auditError
		}
		anchors = b
	}
	code := auditIntact
	for _, name := range fs.Args() {
		c := verifyAuditFile(name, anchors, *anchorsPath != "", *heads, stdin, stdout, stderr)
		code = max(code, c)
	}
	return code
}

func verifyAuditFile(name string, anchors []byte, anchored, heads bool, stdin io.Reader, stdout, stderr io.Writer) int {
	var b []byte
	var err error
	if name == "-" {
		b, err = io.ReadAll(stdin)
	} else {
		b, err = os.ReadFile(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tmplint audit verify: %v\n", err)
		return auditError
	}
	var ar io.Reader
	if anchored {
		ar = bytes.NewReader(anchors)
	}
	r, err := session.VerifyAudit(bytes.NewReader(b), ar)
	if err != nil {
		fmt.Fprintf(stderr, "tmplint audit verify: %s: %v\n", name, err)
		return auditError
	}
	tampered := 0
	for _, f := range r.Findings {
		pos := name
		if f.Line > 0 {
			pos = fmt.Sprintf("%s:%d", name, f.Line)
		}
		what := "note"
		if f.Tamper {
			what = "TAMPERED"
			tampered++
		}
		stream := ""
		if f.Stream != "" {
			stream = fmt.Sprintf("stream %s seq %d: ", f.Stream, f.Seq)
		}
		fmt.Fprintf(stdout, "%s: %s: %s%s\n", pos, what, stream, f.Message)
	}
	closed := 0
	for _, h := range r.Heads {
		if h.Closed {
			closed++
		}
	}
	verdict := "intact as far as the file shows (its end needs an anchor)"
	switch {
	case tampered > 0:
		verdict = fmt.Sprintf("TAMPERED (%s)", count(tampered, "finding", "findings"))
	case r.Events == 0 && !anchored:
		fmt.Fprintf(stdout, "%s: empty: no audit event to verify (a stream emptied by truncation looks the same: check it against anchors with -anchors)\n", name)
		return auditIntact
	case anchored:
		verdict = "intact, anchors matched"
	}
	fmt.Fprintf(stdout, "%s: %s in %s (%d closed, %d open): %s\n", name, count(r.Events, "event", "events"),
		count(len(r.Heads), "stream", "streams"), closed, len(r.Heads)-closed, verdict)
	if heads {
		lines := strings.Split(string(b), "\n")
		for _, h := range r.Heads {
			fmt.Fprintln(stdout, lines[h.Line-1])
		}
	}
	if tampered > 0 {
		return auditTampered
	}
	return auditIntact
}
