package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/baseline"
	"github.com/tmplint/tmplint/internal/finding"
	"github.com/tmplint/tmplint/internal/sarif"
)

// printSARIF writes the findings as SARIF 2.1.0 with locations relative to
// the current directory, which code-scanning uploads expect to be the
// checkout root.
func printSARIF(w io.Writer, all []*analysis.Analyzer, fs []finding.Finding, errs []runError) error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	var notes []sarif.Notification
	for _, e := range errs {
		notes = append(notes, sarif.Notification{Package: e.Package, Message: e.Message})
	}
	return sarif.Write(w, root, all, fs, toolVersion(), notes)
}

// baselineRoot is the directory that a baseline's file names are relative
// to: the baseline file's own directory, so that the file works wherever
// tmplint is started from.
func baselineRoot(name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	return filepath.Dir(abs), nil
}

// writeBaselineFile records the findings in the baseline file name. The
// entries an existing file has for files the run did not judge (inRun
// says false: a run on part of the module, a package that failed) are
// kept, so that a partial run does not drop them.
func writeBaselineFile(name string, findings []finding.Finding, inRun func(string) bool, stderr io.Writer) error {
	root, err := baselineRoot(name)
	if err != nil {
		return err
	}
	var keep []baseline.Entry
	if old, err := readBaselineFile(name); err == nil {
		keep = old.Outside(root, inRun)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var buf bytes.Buffer
	if err := baseline.Write(&buf, root, findings, keep, toolVersion()); err != nil {
		return err
	}
	//tmplint:ignore filemode the baseline is committed to the repository, 0644 like any source file
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		return err
	}
	msg := fmt.Sprintf("%s: recorded %s in %s", progname(), count(len(findings), "finding", "findings"), name)
	if len(keep) > 0 {
		msg += fmt.Sprintf(" (and kept %s of packages this run did not analyze)", count(len(keep), "entry", "entries"))
	}
	fmt.Fprintln(stderr, msg)
	return nil
}

func readBaselineFile(name string) (*baseline.Baseline, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := baseline.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return b, nil
}

// applyBaselineFile hides the findings recorded in the baseline and reports
// the entries that no longer match any finding on stderr. Entries of files
// the run did not judge are neither matched nor stale.
func applyBaselineFile(name string, fs []finding.Finding, inRun func(string) bool, stderr io.Writer) ([]finding.Finding, error) {
	root, err := baselineRoot(name)
	if err != nil {
		return nil, err
	}
	b, err := readBaselineFile(name)
	if err != nil {
		return nil, err
	}
	kept, stale := b.Filter(root, fs, inRun)
	if len(stale) > 0 {
		fmt.Fprintf(stderr, "%s: %s: %s (fixed findings; run with -write-baseline %s to drop them):\n",
			progname(), name, count(len(stale), "stale entry", "stale entries"), name)
		for _, e := range stale {
			fmt.Fprintf(stderr, "\t%s\n", e)
		}
	}
	return kept, nil
}

// count returns "1 finding", "2 findings": n and the noun's form for it.
func count(n int, one, many string) string {
	return fmt.Sprintf("%d %s", n, plural(n, one, many))
}
