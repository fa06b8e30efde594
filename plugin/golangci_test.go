package plugin_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tmplint/tmplint/analyzers"
)

// golangciEnv is the switch that turns on the tests that build
// golangci-lint from the module proxy's copy: a cold build takes minutes
// and gigabytes of build cache, so a plain go test ./... leaves them out,
// and .ci/run turns them on.
const golangciEnv = "TMPLINT_GOLANGCI"

// needGolangci skips the test unless TMPLINT_GOLANGCI=1.
func needGolangci(t *testing.T, what string) {
	t.Helper()
	if testing.Short() {
		t.Skip(what + "; skipped under -short")
	}
	if os.Getenv(golangciEnv) != "1" {
		t.Skip(what + "; set " + golangciEnv + "=1 to run it (.ci/run does)")
	}
}

// TestGolangciLint builds a golangci-lint binary with the tmplint plugin
// (cached across runs) and runs it on the module in testdata/golangci under
// several configurations. It is slow the first time (a cold build takes
// minutes), so it runs only with TMPLINT_GOLANGCI=1.
func TestGolangciLint(t *testing.T) {
	needGolangci(t, "builds golangci-lint")
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin := customGolangci(t, repo)
	if out, err := exec.Command(bin, "version").CombinedOutput(); err != nil || !strings.Contains(string(out), "custom-gcl-tmplint") {
		t.Errorf("%s version: %v\n%s", bin, err, out)
	}
	mod := filepath.Join(repo, "testdata", "golangci")
	exp := readExpectations(t, filepath.Join(mod, "main.go"))

	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}

	t.Run("default", func(t *testing.T) {
		got := runGolangci(t, bin, mod, "strict: false")
		for _, a := range names {
			if got.count(a) == 0 {
				t.Errorf("no finding from analyzer %s", a)
			}
		}
		checkFunctions(t, exp, got, names, false)
	})
	t.Run("strict", func(t *testing.T) {
		got := runGolangci(t, bin, mod, "strict: true")
		checkFunctions(t, exp, got, names, true)
	})
	if len(names) == 0 {
		return
	}
	first := names[0]
	t.Run("per-analyzer-strict", func(t *testing.T) {
		got := runGolangci(t, bin, mod, fmt.Sprintf("settings:\n  %s:\n    strict: true", first))
		for fn, e := range exp {
			for _, a := range e.strict {
				n := got.inFunc(e, a)
				if a == first && n == 0 {
					t.Errorf("%s: want a strict finding of %s, got none", fn, a)
				}
				if a != first && n > 0 && !slices.Contains(e.want, a) {
					t.Errorf("%s: %s is not strict, but reported %d strict finding(s)", fn, a, n)
				}
			}
		}
	})
	t.Run("disable", func(t *testing.T) {
		got := runGolangci(t, bin, mod, fmt.Sprintf("disable: [%s]", first))
		if n := got.count(first); n > 0 {
			t.Errorf("disabled analyzer %s reported %d finding(s)", first, n)
		}
		for _, a := range names[1:] {
			if got.count(a) == 0 {
				t.Errorf("no finding from analyzer %s with %s disabled", a, first)
			}
		}
	})
	t.Run("enable", func(t *testing.T) {
		got := runGolangci(t, bin, mod, fmt.Sprintf("enable: [%s]", first))
		for _, a := range names {
			if n := got.count(a); (a == first) != (n > 0) {
				t.Errorf("enable: [%s]: analyzer %s reported %d finding(s)", first, a, n)
			}
		}
	})
	t.Run("threshold", func(t *testing.T) {
		// A threshold flag, written as YAML string: filemode.file.
		if analyzers.Lookup("filemode") == nil {
			t.Skip("no filemode analyzer")
		}
		e := exp["sharedWide"]
		if e == nil || !slices.Contains(e.want, "filemode") {
			t.Fatal("testdata/golangci/main.go: sharedWide should want filemode")
		}
		got := runGolangci(t, bin, mod, "settings:\n  filemode:\n    file: \"0o640\"")
		if n := got.inFunc(e, "filemode"); n > 0 {
			t.Errorf("sharedWide: with filemode.file 0o640, want no finding, got %v", got.texts(e, "filemode"))
		}
		if got.count("filemode") == 0 {
			t.Errorf("filemode.file 0o640 should not silence filemode elsewhere")
		}
	})
	t.Run("typo", func(t *testing.T) {
		out, err := golangci(t, bin, mod, "strcit: true")
		if err == nil || !strings.Contains(out, `"strcit"`) {
			t.Errorf("a misspelt key should fail naming it; err=%v, output:\n%s", err, out)
		}
		out, err = golangci(t, bin, mod, fmt.Sprintf("settings:\n  %s:\n    nosuchflag: 1", first))
		if err == nil || !strings.Contains(out, `"nosuchflag"`) {
			t.Errorf("an unknown flag should fail naming it; err=%v, output:\n%s", err, out)
		}
	})
}

// TestDependenciesNotNewer checks that adding tmplint to golangci-lint's
// module upgrades none of golangci-lint's dependencies: a plugin that needs
// a newer x/tools or honnef.co/go/tools than the release pins would change
// the linters it was tested with, or break its build.
func TestDependenciesNotNewer(t *testing.T) {
	needGolangci(t, "downloads golangci-lint from the module proxy")
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	src, err := moduleDir(golangciModule + "@" + golangciVersion)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	list := func() map[string]string {
		out := goCmd(t, dir, "list", "-mod=mod", "-m", "-f", "{{.Path}} {{.Version}}", "all")
		m := make(map[string]string)
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if path, version, ok := strings.Cut(line, " "); ok {
				m[path] = version
			}
		}
		return m
	}
	before := list()
	addPlugin(t, dir, repo)
	after := list()
	for path, v := range before {
		if after[path] != v {
			t.Errorf("adding tmplint changes golangci-lint %s's %s from %s to %s", golangciVersion, path, v, after[path])
		}
	}
	for _, m := range []string{"golang.org/x/tools", "honnef.co/go/tools", "github.com/golangci/plugin-module-register"} {
		if before[m] == "" {
			t.Errorf("golangci-lint %s does not require %s", golangciVersion, m)
		}
	}
}

// An expectation is what a testdata function's gcl: comment says.
type expectation struct {
	start, end int      // the function's lines
	want       []string // analyzers reporting in the default profile
	strict     []string // analyzers reporting in their strict profile only
	none       bool     // no finding at all
}

func readExpectations(t *testing.T, file string) map[string]*expectation {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	exp := make(map[string]*expectation)
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		e := &expectation{start: fset.Position(fd.Pos()).Line, end: fset.Position(fd.End()).Line}
		if fd.Doc != nil {
			for _, c := range fd.Doc.List {
				fields := strings.Fields(strings.TrimPrefix(c.Text, "//"))
				if len(fields) == 0 {
					continue
				}
				switch fields[0] {
				case "gcl:want":
					e.want = append(e.want, fields[1:]...)
				case "gcl:strict":
					e.strict = append(e.strict, fields[1:]...)
				case "gcl:none":
					e.none = true
				}
			}
		}
		exp[fd.Name.Name] = e
	}
	return exp
}

// checkFunctions checks the findings function by function against their
// expectations, for the analyzers in the suite.
func checkFunctions(t *testing.T, exp map[string]*expectation, got *issues, names []string, strict bool) {
	t.Helper()
	for fn, e := range exp {
		for _, a := range names {
			n := got.inFunc(e, a)
			wanted := slices.Contains(e.want, a) || (strict && slices.Contains(e.strict, a))
			switch {
			case e.none && n > 0:
				t.Errorf("%s: want no finding, got %d from %s: %v", fn, n, a, got.texts(e, a))
			case wanted && n == 0:
				t.Errorf("%s: want a finding of %s, got none", fn, a)
			case !strict && !wanted && n > 0:
				t.Errorf("%s: unexpected finding(s) of %s: %v", fn, a, got.texts(e, a))
			}
		}
	}
}

// issues are golangci-lint's JSON output.
type issues struct {
	Issues []struct {
		FromLinter string
		Text       string
		Pos        struct {
			Filename string
			Line     int
		}
	}
}

// analyzer returns the tmplint analyzer of an issue's text ("name: message").
func analyzerOf(text string) string {
	name, _, _ := strings.Cut(text, ":")
	return name
}

func (is *issues) count(analyzer string) int {
	n := 0
	for _, i := range is.Issues {
		if i.FromLinter == "tmplint" && analyzerOf(i.Text) == analyzer {
			n++
		}
	}
	return n
}

func (is *issues) inFunc(e *expectation, analyzer string) int {
	return len(is.texts(e, analyzer))
}

func (is *issues) texts(e *expectation, analyzer string) []string {
	var out []string
	for _, i := range is.Issues {
		if i.FromLinter == "tmplint" && analyzerOf(i.Text) == analyzer &&
			filepath.Base(i.Pos.Filename) == "main.go" && e.start <= i.Pos.Line && i.Pos.Line <= e.end {
			out = append(out, fmt.Sprintf("%d: %s", i.Pos.Line, i.Text))
		}
	}
	return out
}

// runGolangci runs golangci-lint with the plugin settings (YAML) and
// returns its findings.
func runGolangci(t *testing.T, bin, mod, settings string) *issues {
	t.Helper()
	out, err := golangci(t, bin, mod, settings)
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 { // 1: issues found
			t.Fatalf("golangci-lint: %v\n%s", err, out)
		}
	}
	var is issues
	if err := json.Unmarshal([]byte(out), &is); err != nil {
		t.Fatalf("decoding golangci-lint output: %v\n%s", err, out)
	}
	for _, i := range is.Issues {
		t.Logf("%s:%d: %s (%s)", filepath.Base(i.Pos.Filename), i.Pos.Line, i.Text, i.FromLinter)
	}
	return &is
}

// golangci runs golangci-lint on mod with a configuration that enables only
// tmplint, with the given plugin settings, and returns its standard output
// (or, on a failure to start, its standard error).
func golangci(t *testing.T, bin, mod, settings string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	var indented []string
	for _, line := range strings.Split(settings, "\n") {
		indented = append(indented, "          "+line)
	}
	cfg := `version: "2"
linters:
  default: none
  enable:
    - tmplint
  settings:
    custom:
      tmplint:
        type: module
        description: temp files, file modes and inherited descriptors
        original-url: https://github.com/tmplint/tmplint
        settings:
` + strings.Join(indented, "\n") + `
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
`
	cfgFile := filepath.Join(dir, "golangci.yml")
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", "--config", cfgFile, "--output.json.path", "stdout", "--show-stats=false", "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+filepath.Join(dir, "cache"), "GOWORK=off", "GOFLAGS=-buildvcs=false")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if stdout.Len() == 0 || err != nil && stderr.Len() > 0 && !json.Valid(stdout.Bytes()) {
		return stdout.String() + stderr.String(), err
	}
	if stderr.Len() > 0 {
		t.Logf("golangci-lint stderr:\n%s", stderr.String())
	}
	return stdout.String(), err
}

// TestExampleConfigs runs golangci-lint with the repository's
// .golangci.example.yml, as a user who copies it would, and checks that
// .custom-gcl.example.yml builds the release this test builds.
func TestExampleConfigs(t *testing.T) {
	needGolangci(t, "builds golangci-lint")
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	custom, err := os.ReadFile(filepath.Join(repo, ".custom-gcl.example.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(custom), "\nversion: "+golangciVersion+"\n") ||
		!strings.Contains(string(custom), "import: github.com/tmplint/tmplint/plugin") {
		t.Errorf(".custom-gcl.example.yml should build golangci-lint %s with the plugin package", golangciVersion)
	}

	if analyzers.Lookup("tempcleanup") == nil {
		t.Skip(".golangci.example.yml configures tempcleanup, which is not in analyzers.All() yet")
	}
	bin := customGolangci(t, repo)
	cmd := exec.Command(bin, "run", "--config", filepath.Join(repo, ".golangci.example.yml"),
		"--output.json.path", "stdout", "--show-stats=false", "./...")
	cmd.Dir = filepath.Join(repo, "testdata", "golangci")
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir(), "GOWORK=off", "GOFLAGS=-buildvcs=false")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("golangci-lint with .golangci.example.yml: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	var is issues
	if err := json.Unmarshal(stdout.Bytes(), &is); err != nil {
		t.Fatalf("decoding output: %v\n%s", err, stdout.String())
	}
	if len(analyzers.All()) > 0 && is.count(analyzers.All()[0].Name) == 0 {
		t.Errorf("no tmplint finding with .golangci.example.yml")
	}
}

// TestReadmeAgreesWithCustomGcl checks that the .custom-gcl.yml the README
// shows is .custom-gcl.example.yml, comments and all: a user copies
// either, and both must build the same thing.
func TestReadmeAgreesWithCustomGcl(t *testing.T) {
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile(filepath.Join(repo, ".custom-gcl.example.yml"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "1. Copy [`.custom-gcl.example.yml`]")
	if !ok {
		t.Fatal("the README does not show .custom-gcl.example.yml")
	}
	_, block, ok := strings.Cut(after, "```yaml\n")
	if ok {
		block, _, ok = strings.Cut(block, "```")
	}
	if !ok {
		t.Fatal("no yaml block after the README's .custom-gcl.example.yml step")
	}
	var shown []string
	for _, line := range strings.Split(block, "\n") {
		if line = strings.TrimPrefix(line, "   "); strings.TrimSpace(line) != "" {
			shown = append(shown, line)
		}
	}
	var want []string
	for _, line := range strings.Split(string(example), "\n") {
		if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if strings.Join(shown, "\n") != strings.Join(want, "\n") {
		t.Errorf("the README shows\n%s\n\n.custom-gcl.example.yml has\n%s", strings.Join(shown, "\n"), strings.Join(want, "\n"))
	}
}
