package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// buildVersion is what the build info says of this tmplint: the module
// version ("(devel)" for a build from a checkout, a pseudo-version or a
// tag's version for go install pkg@version) and, when the go command
// stamped it, the VCS revision, its time and whether the tree was modified.
type buildVersion struct {
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
}

func readBuildVersion() buildVersion {
	v := buildVersion{Version: "(devel)", Go: runtime.Version()}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	if bi.Main.Version != "" {
		v.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// String is the one-line form: the version, then the revision when known,
// "+modified" when the tree had uncommitted changes.
func (v buildVersion) String() string {
	s := v.Version
	if v.Revision != "" {
		s += " " + v.Revision
		if v.Modified {
			s += "+modified"
		}
	}
	return s
}

// toolVersion is the version written into SARIF logs, -json output and
// baseline files.
func toolVersion() string { return readBuildVersion().String() }

// runVersion prints "tmplint VERSION [REVISION] (TIME) GOVERSION OS/ARCH".
func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if isHelpArg(args[0]) {
			fmt.Fprintf(stderr, "usage: %s version\n\nPrints the module version and VCS revision tmplint was built from.\n", progname())
			return exitClean
		}
		fmt.Fprintf(stderr, "usage: %s version\n", progname())
		return exitError
	}
	v := readBuildVersion()
	line := progname() + " " + v.String()
	if v.Time != "" {
		line += " (" + v.Time + ")"
	}
	fmt.Fprintf(stdout, "%s %s %s/%s\n", line, v.Go, runtime.GOOS, runtime.GOARCH)
	return exitClean
}

// isHelpArg reports whether arg asks for usage.
func isHelpArg(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "help":
		return true
	}
	return false
}
