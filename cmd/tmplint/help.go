package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/tmplint/tmplint/analyzers"
)

// runHelp prints the list of analyzers, or the documentation and flags of
// an analyzer or of a subcommand (sweep, audit, version).
func runHelp(args []string, w io.Writer) int {
	all := analyzers.All()
	if len(args) == 0 {
		fmt.Fprintf(w, `tmplint finds files created with implicit or over-permissive modes, temp files
and directories that are never cleaned up, and descriptors leaked to child
processes.

Usage:
	tmplint [flags] [packages]               analyze packages
	go vet -vettool=$(which tmplint) [pkgs]  run as the go vet tool
	tmplint sweep [flags] [base]             remove orphaned temp dirs
	tmplint audit verify [flags] FILE...     check shim audit streams for tampering
	tmplint version                          print the version and VCS revision
	tmplint help [analyzer|command]          show documentation

Analyzers:
`)
		for _, a := range all {
			summary, _, _ := strings.Cut(a.Doc, "\n")
			fmt.Fprintf(w, "\t%-12s %s\n", a.Name, strings.TrimPrefix(summary, a.Name+": "))
		}
		fmt.Fprintf(w, "\nRun 'tmplint -h' for the flags, 'tmplint help NAME' for one analyzer or command.\n")
		return exitClean
	}
	code := exitClean
	for _, name := range args {
		switch name {
		case "sweep":
			runSweep([]string{"-h"}, nil, w, w)
			continue
		case "audit":
			runAudit([]string{"verify", "-h"}, nil, w, w)
			continue
		case "version":
			runVersion([]string{"-h"}, w, w)
			continue
		case "help":
			runHelp(nil, w)
			continue
		}
		a := analyzers.Lookup(name)
		if a == nil {
			errorf("no analyzer or command named %q; 'tmplint help' lists them", name)
			code = exitError
			continue
		}
		fmt.Fprintf(w, "%s\n\n", a.Doc)
		fmt.Fprintf(w, "Flags (standalone -%s.NAME, go vet -%s.NAME):\n", a.Name, a.Name)
		a.Flags.VisitAll(func(f *flag.Flag) {
			fmt.Fprintf(w, "\t-%s.%s\t%s (default %s)\n", a.Name, f.Name, f.Usage, f.DefValue)
		})
		fmt.Fprintf(w, "\nDocumentation: %s\n", a.URL)
	}
	return code
}
