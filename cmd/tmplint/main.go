// Command tmplint runs the tmplint analyzers: standalone over packages, as a
// go vet tool, and the temp-dir sweeper.
//
//	tmplint [flags] [packages]          analyze packages (default ".")
//	go vet -vettool=$(which tmplint)    run as the go vet tool
//	tmplint sweep [flags] [base]        remove orphaned temp dirs
//	tmplint audit verify [flags] FILE   check a shim audit stream for tampering
//	tmplint help [analyzer|command]     documentation
//	tmplint version                     the version and VCS revision
//
// Exit codes: 0 nothing found, 1 findings reported, 2 error (a package that
// does not load or type-check, a bad flag, an I/O failure).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Exit codes of the standalone command, documented in the README.
const (
	exitClean    = 0
	exitFindings = 1
	exitError    = 2
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 {
		switch args[0] {
		case "help":
			os.Exit(runHelp(args[1:], os.Stdout))
		case "sweep":
			os.Exit(runSweep(args[1:], os.Stdin, os.Stdout, os.Stderr))
		case "audit":
			os.Exit(runAudit(args[1:], os.Stdin, os.Stdout, os.Stderr))
		case "version":
			os.Exit(runVersion(args[1:], os.Stdout, os.Stderr))
		}
	}
	if isVetInvocation(args) {
		runVet() // does not return
	}
	os.Exit(runStandalone(args, os.Stdout, os.Stderr))
}

// isVetInvocation reports whether the command was started by go vet: with
// -flags or -V=full to describe itself, or with a unit's *.cfg file.
func isVetInvocation(args []string) bool {
	for _, a := range args {
		switch {
		case a == "-flags", a == "--flags", strings.HasPrefix(a, "-V"), strings.HasPrefix(a, "--V"):
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") &&
		filepath.Ext(args[len(args)-1]) == ".cfg"
}

func progname() string { return filepath.Base(os.Args[0]) }

func errorf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, progname()+": "+format+"\n", args...)
}
