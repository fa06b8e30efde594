package main

import (
	"bytes"
	"fmt"
	"io"
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

func writeBaselineFile(name string, fs []finding.Finding) error {
	root, err := baselineRoot(name)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := baseline.Write(&buf, root, fs, toolVersion()); err != nil {
		return err
	}
	//tmplint:ignore filemode the baseline is committed to the repository, 0644 like any source file
	return os.WriteFile(name, buf.Bytes(), 0o644)
}

// applyBaselineFile hides the findings recorded in the baseline and reports
// the entries that no longer match any finding on stderr.
func applyBaselineFile(name string, fs []finding.Finding, stderr io.Writer) ([]finding.Finding, error) {
	root, err := baselineRoot(name)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := baseline.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	kept, stale := b.Filter(root, fs)
	if len(stale) > 0 {
		fmt.Fprintf(stderr, "%s: %s: %d stale entries (fixed findings; run with -write-baseline %s to drop them):\n",
			progname(), name, len(stale), name)
		for _, e := range stale {
			fmt.Fprintf(stderr, "\t%s\n", e)
		}
	}
	return kept, nil
}
