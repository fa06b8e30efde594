package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tmplint/tmplint/shim/sweep"
)

// Exit codes of tmplint sweep.
const (
	sweepOK       = 0 // removed all it was asked to, nothing to do, or a dry run (also: without confirmation)
	sweepFailed   = 1 // something could not be removed
	sweepBadUsage = 2 // bad usage: a bad flag or pattern, a base that cannot be read
)

const sweepUsage = `usage: tmplint sweep [flags] [base]

Removes orphaned temp directories under base (default: the system temp dir):
directories whose name matches strictly (by default the tmplint shim's own
session and handoff directories; --pattern adds globs relative to base, '/'
between levels), owned by you, unmodified for --min-age, whose owner is
gone (its lock is free, or its TTL has run out), and that no live process
has open or works in (checked on Linux; elsewhere a warning says it is
not). Symbolic links are never followed. Every candidate is re-checked
right before removal.

Without --force, asks for confirmation on a terminal; without a terminal
(or when the answer is not yes) it only lists the candidates, as --dry-run.

Exit status: 0 done, nothing to do, or a dry run (also one for want of
confirmation), 1 something could not be removed, 2 bad usage (a bad flag or
pattern, a base that cannot be read).

flags:
`

// patternList is a repeatable --pattern flag.
type patternList []string

func (p *patternList) String() string { return strings.Join(*p, ",") }

func (p *patternList) Set(s string) error {
	if err := sweep.CheckPattern(s); err != nil {
		return err
	}
	*p = append(*p, s)
	return nil
}

// sweepReport is the --json output.
type sweepReport struct {
	Base           string             `json:"base"`
	DryRun         bool               `json:"dry_run"`
	MinAgeSeconds  int64              `json:"min_age_seconds"`
	Candidates     []*sweep.Candidate `json:"candidates,omitempty"`
	WouldFreeBytes int64              `json:"would_free_bytes,omitempty"`
	Removed        []*sweep.Candidate `json:"removed"`
	FreedBytes     int64              `json:"freed_bytes"`
	Skipped        []sweep.Skip       `json:"skipped"`
	Failed         []sweep.Failure    `json:"failed"`
	Warnings       []string           `json:"warnings,omitempty"` // what the sweep cannot check here
	Error          string             `json:"error,omitempty"`
}

// runSweep implements `tmplint sweep [flags] [base]`.
func runSweep(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tmplint sweep", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, sweepUsage)
		fs.PrintDefaults()
	}
	dryRun := fs.Bool("dry-run", false, "list what would be removed, with sizes and ages, and remove nothing")
	force := fs.Bool("force", false, "remove without asking for confirmation")
	minAge := fs.Duration("min-age", sweep.DefaultMinAge, "only directories unmodified for at least this long")
	jsonOut := fs.Bool("json", false, "write the report as JSON on stdout")
	var patterns patternList
	fs.Var(&patterns, "pattern", "also sweep directories matching this glob relative to base (repeatable)")

	// Flags may come before or after the base.
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return sweepOK
			}
			return sweepBadUsage
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(positional) > 1 {
		fmt.Fprintf(stderr, "tmplint sweep: one base directory at most, got %q\n", positional)
		return sweepBadUsage
	}
	if *minAge < 0 {
		fmt.Fprintln(stderr, "tmplint sweep: --min-age must not be negative")
		return sweepBadUsage
	}
	base := ""
	if len(positional) == 1 {
		base = positional[0]
	}

	rep := &sweepReport{DryRun: *dryRun, MinAgeSeconds: int64(*minAge / time.Second)}
	emit := func(code int) int {
		if *jsonOut {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			if rep.Skipped == nil {
				rep.Skipped = []sweep.Skip{}
			}
			if rep.Failed == nil {
				rep.Failed = []sweep.Failure{}
			}
			if rep.Removed == nil {
				rep.Removed = []*sweep.Candidate{}
			}
			enc.Encode(rep)
		}
		return code
	}

	plan, err := sweep.Scan(sweep.Options{Base: base, Patterns: patterns, MinAge: *minAge})
	if err != nil {
		fmt.Fprintf(stderr, "tmplint sweep: %v\n", err)
		rep.Error = err.Error()
		return emit(sweepBadUsage)
	}
	defer plan.Close()
	rep.Base = plan.Base
	rep.Warnings = plan.Warnings
	for _, w := range plan.Warnings {
		fmt.Fprintf(stderr, "tmplint sweep: warning: %s\n", w)
	}

	if *dryRun || len(plan.Candidates) == 0 {
		rep.Candidates = plan.Candidates
		rep.WouldFreeBytes = plan.TotalBytes()
		rep.Skipped = plan.Skipped
		if !*jsonOut {
			printPlan(stdout, plan, *dryRun)
			printSkipped(stdout, plan.Skipped)
		}
		return emit(sweepOK)
	}

	if !*force {
		if !sweep.IsTerminal(stdin) {
			msg := fmt.Sprintf("not removing %d %s without confirmation: stdin is not a terminal (a dry run; use --force to remove)",
				len(plan.Candidates), plural(len(plan.Candidates), "directory", "directories"))
			rep.DryRun = true
			rep.Candidates, rep.WouldFreeBytes, rep.Skipped, rep.Error = plan.Candidates, plan.TotalBytes(), plan.Skipped, msg
			if !*jsonOut {
				printPlan(stdout, plan, true)
				printSkipped(stdout, plan.Skipped)
			}
			fmt.Fprintf(stderr, "tmplint sweep: %s\n", msg)
			return emit(sweepOK)
		}
		printPlan(stderr, plan, true)
		fmt.Fprintf(stderr, "remove %d %s (%s)? [y/N] ", len(plan.Candidates),
			plural(len(plan.Candidates), "directory", "directories"), humanBytes(plan.TotalBytes()))
		answer, _ := bufio.NewReader(stdin).ReadString('\n')
		switch strings.ToLower(strings.TrimSpace(answer)) {
		case "y", "yes":
		default:
			fmt.Fprintln(stderr, "tmplint sweep: not confirmed; nothing removed")
			rep.DryRun = true
			rep.Candidates, rep.WouldFreeBytes, rep.Skipped, rep.Error = plan.Candidates, plan.TotalBytes(), plan.Skipped, "not confirmed"
			return emit(sweepOK)
		}
	}

	res := plan.Execute()
	rep.Removed, rep.FreedBytes, rep.Skipped, rep.Failed = res.Removed, res.FreedBytes, res.Skipped, res.Failed
	if !*jsonOut {
		fmt.Fprintf(stdout, "removed %d %s, %s\n", len(res.Removed), plural(len(res.Removed), "directory", "directories"), humanBytes(res.FreedBytes))
		for _, c := range res.Removed {
			fmt.Fprintf(stdout, "  %s\n", c.Path)
		}
		printSkipped(stdout, res.Skipped)
		if len(res.Failed) > 0 {
			fmt.Fprintf(stdout, "failed %d:\n", len(res.Failed))
			for _, f := range res.Failed {
				fmt.Fprintf(stdout, "  %s: %s\n", f.Path, f.Error)
			}
		}
	}
	for _, f := range res.Failed {
		fmt.Fprintf(stderr, "tmplint sweep: %s: %s\n", f.Path, f.Error)
	}
	if len(res.Failed) > 0 {
		return emit(sweepFailed)
	}
	return emit(sweepOK)
}

func printPlan(w io.Writer, plan *sweep.Plan, would bool) {
	if len(plan.Candidates) == 0 {
		fmt.Fprintf(w, "nothing to remove under %s\n", plan.Base)
		return
	}
	verb := "found"
	if would {
		verb = "would remove"
	}
	n := len(plan.Candidates)
	fmt.Fprintf(w, "%s %d %s, %s, under %s\n", verb, n, plural(n, "directory", "directories"), humanBytes(plan.TotalBytes()), plan.Base)
	for _, c := range plan.Candidates {
		fmt.Fprintf(w, "  %9s  %8s old  %-7s  %s\n", humanBytes(c.SizeBytes), c.Age(), c.Kind, c.Path)
	}
}

func printSkipped(w io.Writer, skips []sweep.Skip) {
	if len(skips) == 0 {
		return
	}
	fmt.Fprintf(w, "skipped %d:\n", len(skips))
	for _, s := range skips {
		fmt.Fprintf(w, "  %s: %s\n", s.Path, s.Reason)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
