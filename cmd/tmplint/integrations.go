package main

import (
	"errors"
	"io"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/finding"
)

func printSARIF(w io.Writer, all []*analysis.Analyzer, fs []finding.Finding) error {
	return errors.New("-sarif is not available in this build")
}

func writeBaselineFile(name string, fs []finding.Finding) error {
	return errors.New("-write-baseline is not available in this build")
}

func applyBaselineFile(name string, fs []finding.Finding, stderr io.Writer) ([]finding.Finding, error) {
	return nil, errors.New("-baseline is not available in this build")
}
