package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestCacheFollowsContentAndFlags runs the command three times over a copy
// of the demo with one cache: a warm run repeats the cold one exactly, a
// run with other analyzer flags (-strict) is not answered from the
// default profile's entries, and an edited package is analyzed again.
func TestCacheFollowsContentAndFlags(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	scratch := t.TempDir()
	copyTree(t, filepath.Join(root, "testdata", "demo"), filepath.Join(scratch, "demo"))
	gomod := "module github.com/tmplint/tmplint/testdata\n\ngo 1.26\n"
	if err := os.WriteFile(filepath.Join(scratch, "go.mod"), []byte(gomod), 0o600); err != nil {
		t.Fatal(err)
	}
	cacheFlag := "-cache=" + filepath.Join(scratch, "cache")

	cold := run(t, scratch, bin, cacheFlag, "./...")
	if cold.code != exitFindings || cold.stdout == "" {
		t.Fatalf("cold run: exit %d\n%s\n%s", cold.code, cold.stdout, cold.stderr)
	}
	if cold.stderr != "" {
		t.Errorf("cold run wrote to stderr, which is not a terminal:\n%s", cold.stderr)
	}
	if entries, _ := os.ReadDir(filepath.Join(scratch, "cache")); len(entries) == 0 {
		t.Fatal("the cache directory is empty after a run")
	}
	warm := run(t, scratch, bin, cacheFlag, "./...")
	if warm != cold {
		t.Errorf("warm run differs from the cold one:\ncold:\n%s\nwarm:\n%s", cold.stdout, warm.stdout)
	}
	strict := run(t, scratch, bin, cacheFlag, "-strict", "./...")
	uncached := run(t, scratch, bin, "-cache=off", "-strict", "./...")
	if strict != uncached || strict.stdout == cold.stdout {
		t.Errorf("-strict with a warm default-profile cache:\n%s\nwant, as without a cache:\n%s", strict.stdout, uncached.stdout)
	}

	added := filepath.Join(scratch, "demo", "report", "added.go")
	src := "package report\n\nimport \"os\"\n\nfunc Added() error { return os.Chmod(\"/srv/drop\", 0o777) }\n"
	if err := os.WriteFile(added, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	edited := run(t, scratch, bin, cacheFlag, "./...")
	if !strings.Contains(edited.stdout, "demo/report/added.go:5:") {
		t.Errorf("after adding a file with a finding, the run reports:\n%s", edited.stdout)
	}
}

// TestUnusableCache checks what a cache directory that cannot be made does:
// the default one (here under a HOME that is a file, as unwritable as a
// read-only HOME even for root) costs the run its cache and a warning, not
// its result; one the user named fails the run, naming it.
func TestUnusableCache(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	pkg := "./testdata/demo/report"
	want := runEnv(t, root, []string{cacheEnv + "=" + cacheOff}, bin, pkg)
	if want.code != exitFindings || want.stderr != "" {
		t.Fatalf("with the cache off: exit %d, stderr %q; want %d and nothing", want.code, want.stderr, exitFindings)
	}

	// The go command keeps its own cache where it was: the question is
	// only tmplint's.
	gocache := run(t, root, "go", "env", "GOCACHE").stdout
	home := []string{cacheEnv + "=", "HOME=" + notADir, "XDG_CACHE_HOME=" + filepath.Join(notADir, "cache"), "GOCACHE=" + strings.TrimSpace(gocache)}
	got := runEnv(t, root, home, bin, pkg)
	if got.code != want.code || got.stdout != want.stdout {
		t.Errorf("default cache unusable: exit %d\n%s\nwant exit %d\n%s", got.code, got.stdout, want.code, want.stdout)
	}
	if !strings.Contains(got.stderr, "warning: no result cache") || !strings.Contains(got.stderr, notADir) || strings.Count(got.stderr, "\n") != 1 {
		t.Errorf("default cache unusable: stderr %q; want one warning line naming %s", got.stderr, notADir)
	}

	named := filepath.Join(notADir, "tmplint")
	for _, tc := range []struct {
		how       string
		env, args []string
	}{
		{"-cache", nil, []string{"-cache=" + named, pkg}},
		{cacheEnv, []string{cacheEnv + "=" + named}, []string{pkg}},
	} {
		got := runEnv(t, root, tc.env, bin, tc.args...)
		if got.code != exitError || !strings.Contains(got.stderr, named) {
			t.Errorf("%s naming an unusable directory: exit %d, stderr %q; want %d and the directory named", tc.how, got.code, got.stderr, exitError)
		}
	}
}

// TestAnalyzerErrorIsAnError checks that an analyzer's error is reported,
// named by package and analyzer, on the run that computes it and on a run
// that answers from the cache (the runner itself drops analyzer errors).
func TestAnalyzerErrorIsAnError(t *testing.T) {
	if testing.Short() {
		t.Skip("lists packages with the go command; skipped in -short mode")
	}
	failing := &analysis.Analyzer{
		Name: "failing",
		Doc:  "failing returns an error on every package",
		Run:  func(*analysis.Pass) (any, error) { return nil, errors.New("cannot judge this package") },
	}
	opts := options{cacheDir: t.TempDir()}
	for _, round := range []string{"cold", "warm"} {
		out := analyze([]*analysis.Analyzer{failing}, []string{"github.com/tmplint/tmplint/internal/finding"}, opts, os.Stderr)
		findings, errs := out.findings, out.errs
		if len(findings) != 0 {
			t.Errorf("%s: findings %v, want none", round, findings)
		}
		want := "package github.com/tmplint/tmplint/internal/finding: failing: cannot judge this package"
		if len(errs) != 1 || errs[0].String() != want {
			t.Errorf("%s: errors %q, want [%q]", round, errs, want)
		}
	}
}

// TestFindingNamesItsAnalyzer: a diagnostic with a category of its own is
// still attributed to the analyzer that reported it.
func TestFindingNamesItsAnalyzer(t *testing.T) {
	if testing.Short() {
		t.Skip("lists packages with the go command; skipped in -short mode")
	}
	categorized := &analysis.Analyzer{
		Name: "categorized",
		Doc:  "categorized reports the package clause of each file, with a category",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				pass.Report(analysis.Diagnostic{Pos: f.Name.Pos(), Category: "some-rule", Message: "package clause"})
			}
			return nil, nil
		},
	}
	out := analyze([]*analysis.Analyzer{categorized}, []string{"github.com/tmplint/tmplint/internal/finding"}, options{cacheDir: cacheOff}, os.Stderr)
	findings, errs := out.findings, out.errs
	if len(errs) != 0 || len(findings) == 0 {
		t.Fatalf("findings %v, errors %v", findings, errs)
	}
	for _, f := range findings {
		if f.Analyzer != "categorized" || f.Package != "github.com/tmplint/tmplint/internal/finding" || f.Posn.Line < 1 {
			t.Errorf("finding %+v, want analyzer categorized in internal/finding", f)
		}
	}
}

// TestLargeFileIsAnalyzed runs the command on a package with a generated
// file over 50 MiB (the size at which staticcheck's loader stops parsing)
// beside a hand-written file with a finding: the package is analyzed, and
// its finding reported, in text, JSON and SARIF alike.
func TestLargeFileIsAnalyzed(t *testing.T) {
	bin := tmplintBinary(t)
	scratch := t.TempDir()
	files := map[string]string{
		"go.mod":  "module example.com/big\n\ngo 1.26\n",
		"drop.go": "package big\n\nimport \"os\"\n\nfunc Drop() error { return os.Chmod(\"/srv/drop\", 0o777) }\n",
		"bindata.go": "// Code generated by go-bindata. DO NOT EDIT.\n\npackage big\n\nvar bindata = \"" +
			strings.Repeat("x", 51<<20) + "\"\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(scratch, name), []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	text := run(t, scratch, bin, "-cache=off", ".")
	if text.code != exitFindings || !strings.Contains(text.stdout, "drop.go:5:") {
		t.Errorf("text: exit %d, want %d with the finding of drop.go:\n%s\n%s", text.code, exitFindings, text.stdout, text.stderr)
	}
	js := run(t, scratch, bin, "-cache=off", "-json", ".")
	if js.code != exitFindings || !strings.Contains(js.stdout, "drop.go:5:") {
		t.Errorf("-json: exit %d, want %d with the finding of drop.go:\n%s\n%s", js.code, exitFindings, js.stdout, js.stderr)
	}
	sarif := run(t, scratch, bin, "-cache=off", "-sarif", ".")
	if sarif.code != exitFindings || !strings.Contains(sarif.stdout, `"uri": "drop.go"`) {
		t.Errorf("-sarif: exit %d, want %d with the finding of drop.go:\n%s\n%s", sarif.code, exitFindings, sarif.stdout, sarif.stderr)
	}
}

// TestGoCommandErrorsComeThrough checks that what the go command says
// about the patterns reaches the user as it said it: no "-:" in place of
// a position, no "err: exit status 1: stderr:" wrapping, and not "no
// packages match" in place of the reason.
func TestGoCommandErrorsComeThrough(t *testing.T) {
	bin := tmplintBinary(t)
	scratch := t.TempDir()
	noMod := filepath.Join(scratch, "nomod")
	empty := filepath.Join(scratch, "empty")
	vendored := filepath.Join(scratch, "vendored")
	for _, dir := range []string{noMod, empty, filepath.Join(vendored, "vendor")} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, src string) {
		if err := os.WriteFile(name, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(noMod, "a.go"), "package a\n")
	write(filepath.Join(empty, "go.mod"), "module example.com/empty\n\ngo 1.26\n")
	write(filepath.Join(vendored, "go.mod"), "module example.com/vendored\n\ngo 1.26\n\nrequire example.com/dep v1.0.0\n")
	write(filepath.Join(vendored, "vendor", "modules.txt"), "")
	write(filepath.Join(vendored, "v.go"), "package v\n")

	for _, c := range []struct {
		name, dir, pattern string
		env                []string
		want               string
	}{
		{"no go.mod", noMod, ".", []string{"GO111MODULE=on"}, "go: go.mod file not found"},
		{"no go.mod, ./...", noMod, "./...", []string{"GO111MODULE=on"}, "pattern ./...: directory prefix . does not contain main module"},
		{"unusable TMPDIR", repoRoot(t), "./internal/finding", []string{"TMPDIR=" + filepath.Join(scratch, "no", "such")}, "go: creating work dir:"},
		{"empty module", empty, "./...", nil, `go: warning: "./..." matched no packages`},
		{"inconsistent vendoring", vendored, "./...", []string{"GOFLAGS=-mod=vendor"}, "go: inconsistent vendoring"},
	} {
		r := runEnv(t, c.dir, c.env, bin, "-cache=off", c.pattern)
		if r.code != exitError || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, stderr:\n%s\nwant %d and %q", c.name, r.code, r.stderr, exitError, c.want)
		}
		for _, noise := range []string{": -: ", "err: exit status", "no packages match"} {
			if strings.Contains(r.stderr, noise) {
				t.Errorf("%s: stderr has %q:\n%s", c.name, noise, r.stderr)
			}
		}
	}
}

// TestNamedCacheMakesOneLevel: of a cache directory the user names, only
// the last element is made; a mistyped path fails the run, naming the
// missing parent, and creates nothing.
func TestNamedCacheMakesOneLevel(t *testing.T) {
	t.Setenv(cacheEnv, "")
	scratch := t.TempDir()
	_, _, _, err := openCache(filepath.Join(scratch, "no", "such", "cache"))
	if err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a cache under a missing directory: %v, want an error naming it", err)
	}
	if _, err := os.Stat(filepath.Join(scratch, "no")); err == nil {
		t.Errorf("the missing parent was made")
	}
	c, closeCache, _, err := openCache(filepath.Join(scratch, "cache"))
	if err != nil || c == nil {
		t.Fatalf("a new cache directory in an existing one: %v", err)
	}
	closeCache()
	c, closeCache, _, err = openCache(filepath.Join(scratch, "cache"))
	if err != nil || c == nil {
		t.Fatalf("an existing cache directory: %v", err)
	}
	closeCache()
}
