package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/tmplint/tmplint/analyzers"
)

// TestSARIFEndToEnd runs tmplint -sarif on the demo packages and validates
// the log against the SARIF 2.1.0 schema and GitHub's requirements.
func TestSARIFEndToEnd(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	res := run(t, root, bin, "-sarif", "./testdata/demo/...")
	if res.code != exitFindings {
		t.Fatalf("exit code %d, want %d; stderr:\n%s", res.code, exitFindings, res.stderr)
	}
	validateSARIF(t, root, res.stdout)

	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct{ ID, HelpURI string }
				}
			}
			Results []struct {
				RuleID    string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine int }
					}
				}
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal([]byte(res.stdout), &log); err != nil {
		t.Fatal(err)
	}
	r := log.Runs[0]
	if r.Tool.Driver.Name != "tmplint" || len(r.Tool.Driver.Rules) != len(analyzers.All()) {
		t.Errorf("driver %q with %d rules, want tmplint with %d", r.Tool.Driver.Name, len(r.Tool.Driver.Rules), len(analyzers.All()))
	}
	if len(r.Results) == 0 {
		t.Fatal("no results")
	}
	for _, res := range r.Results {
		loc := res.Locations[0].PhysicalLocation
		if res.RuleID == "" || res.Message.Text == "" || loc.Region.StartLine < 1 || len(res.PartialFingerprints) == 0 {
			t.Errorf("incomplete result %+v", res)
		}
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || !strings.HasPrefix(loc.ArtifactLocation.URI, "testdata/demo/") {
			t.Errorf("location %+v is not relative to the root", loc.ArtifactLocation)
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(loc.ArtifactLocation.URI))); err != nil {
			t.Errorf("location %s: %v", loc.ArtifactLocation.URI, err)
		}
	}
}

// TestBaselineEndToEnd records a baseline for a small module, then checks
// that it hides the recorded findings after an edit that shifts lines,
// shows a new finding, and reports the entry of a fixed one as stale.
func TestBaselineEndToEnd(t *testing.T) {
	bin := tmplintBinary(t)
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/legacy\n\ngo 1.26\n")
	const legacy = `package legacy

import "os"

func Save(data []byte) error {
	return os.WriteFile("state.json", data, 644)
}

func Lock() (*os.File, error) {
	return os.OpenFile("/tmp/legacy.lock", os.O_RDWR|os.O_CREATE, 0o600)
}
`
	write("legacy.go", legacy)

	res := run(t, dir, bin, "./...")
	if res.code != exitFindings || strings.Count(res.stdout, "\n") < 2 {
		t.Fatalf("before the baseline: exit %d, output:\n%s%s", res.code, res.stdout, res.stderr)
	}
	before := res.stdout

	// File names in the baseline are relative to its own directory.
	res = run(t, dir, bin, "-write-baseline", "tmplint-baseline.json", "./...")
	if res.code == exitError {
		t.Fatalf("-write-baseline: exit %d\n%s", res.code, res.stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "tmplint-baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"file": "legacy.go"`)) {
		t.Errorf("baseline:\n%s", data)
	}

	res = run(t, dir, bin, "-baseline", "tmplint-baseline.json", "./...")
	if res.code != exitClean || res.stdout != "" {
		t.Errorf("with the baseline: exit %d, output:\n%s%s", res.code, res.stdout, res.stderr)
	}

	// Unrelated edits shift every line; the findings stay hidden.
	shifted := strings.Replace(legacy, "import \"os\"\n", "import \"os\"\n\n// Package state.\n\nconst version = 2\n", 1)
	write("legacy.go", shifted)
	res = run(t, dir, bin, "-baseline", "tmplint-baseline.json", "./...")
	if res.code != exitClean || res.stdout != "" {
		t.Errorf("after a line shift: exit %d, output:\n%s%s\n(without the baseline:\n%s)", res.code, res.stdout, res.stderr, before)
	}

	// A new finding shows; fixing the old filemode finding leaves a stale
	// entry.
	edited := strings.Replace(shifted, "data, 644)", "data, 0o644)", 1) +
		"\nfunc Save2(data []byte) error {\n\treturn os.WriteFile(\"state2.json\", data, 600)\n}\n"
	write("legacy.go", edited)
	res = run(t, dir, bin, "-baseline", "tmplint-baseline.json", "./...")
	if res.code != exitFindings || strings.Count(res.stdout, "(filemode)") != 1 || !strings.Contains(res.stdout, "600") {
		t.Errorf("a new finding: exit %d, output:\n%s", res.code, res.stdout)
	}
	if !strings.Contains(res.stderr, "1 stale entry ") || !strings.Contains(res.stderr, "legacy.go:6: filemode:") {
		t.Errorf("want the fixed finding's entry reported stale; stderr:\n%s", res.stderr)
	}

	res = run(t, dir, bin, "-baseline", "no-such-file.json", "./...")
	if res.code != exitError {
		t.Errorf("a missing baseline: exit %d, want %d", res.code, exitError)
	}
}

// TestPreCommitHook validates .pre-commit-hooks.yaml and runs the tmplint
// hook with pre-commit on a small repository with a finding. It needs the
// pre-commit program (Debian: apt-get install pre-commit).
func TestPreCommitHook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds tmplint through pre-commit; skipped under -short")
	}
	pc, err := exec.LookPath("pre-commit")
	if err != nil {
		t.Skip("pre-commit is not installed")
	}
	root := repoRoot(t)
	if res := run(t, root, pc, "validate-manifest", ".pre-commit-hooks.yaml"); res.code != 0 {
		t.Fatalf("pre-commit validate-manifest: %s%s", res.stdout, res.stderr)
	}

	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/pc\n\ngo 1.26\n",
		"pc.go":  "package pc\n\nimport \"os\"\n\nfunc Save(b []byte) error { return os.WriteFile(\"x\", b, 644) }\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"init", "-q", "."},
		{"add", "."},
		{"-c", "user.email=test@example.com", "-c", "user.name=test", "commit", "-q", "-m", "init"},
	} {
		if res := run(t, dir, "git", args...); res.code != 0 {
			t.Fatalf("git %v: %s%s", args, res.stdout, res.stderr)
		}
	}
	// try-repo runs the hooks of the repository at its current state.
	res := run(t, dir, pc, "try-repo", root, "tmplint", "--all-files")
	if res.code != 1 || !strings.Contains(res.stdout, "pc.go:5:") || !strings.Contains(res.stdout, "(filemode)") {
		t.Errorf("pre-commit try-repo: exit %d, want 1 with the filemode finding:\n%s%s", res.code, res.stdout, res.stderr)
	}
}

// TestSARIFSaysWhatRan runs -sarif over a package that does not
// type-check beside one with findings: the log validates, keeps the
// findings, and says that the run did not analyze everything, naming the
// broken package, so that code scanning does not take it for clean.
func TestSARIFSaysWhatRan(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	res := run(t, root, bin, "-sarif", "./testdata/broken", "./testdata/demo/report")
	if res.code != exitError {
		t.Fatalf("exit code %d, want %d; stderr:\n%s", res.code, exitError, res.stderr)
	}
	validateSARIF(t, root, res.stdout)
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Version string }
			}
			Invocations []struct {
				ExecutionSuccessful        bool
				ToolExecutionNotifications []struct {
					Level   string
					Message struct{ Text string }
				}
			}
			Results []struct{ RuleID string }
		}
	}
	if err := json.Unmarshal([]byte(res.stdout), &log); err != nil {
		t.Fatal(err)
	}
	r := log.Runs[0]
	if len(r.Results) == 0 {
		t.Error("the findings of the package that loads are missing")
	}
	if r.Tool.Driver.Version == "" {
		t.Error("the driver has no version")
	}
	if len(r.Invocations) != 1 || r.Invocations[0].ExecutionSuccessful {
		t.Fatalf("invocations %+v, want one, not successful", r.Invocations)
	}
	var named bool
	for _, n := range r.Invocations[0].ToolExecutionNotifications {
		named = named || n.Level == "error" && strings.HasPrefix(n.Message.Text, "package github.com/tmplint/tmplint/testdata/broken: ")
	}
	if !named {
		t.Errorf("no notification names the broken package: %+v", r.Invocations[0].ToolExecutionNotifications)
	}

	// -json puts the error under the package, beside the findings.
	js := run(t, root, bin, "-json", "./testdata/broken", "./testdata/demo/report")
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js.stdout), &tree); err != nil {
		t.Fatalf("-json: %v\n%s", err, js.stdout)
	}
	if js.code != exitError || tree["github.com/tmplint/tmplint/testdata/broken"]["error"] == nil {
		t.Errorf("-json: exit %d, no error under the broken package:\n%s", js.code, js.stdout)
	}
}

// TestBaselinePartialRun records a baseline of a whole module, then runs
// on part of it (a pattern, a subdirectory): the other packages' entries
// are neither reported stale nor dropped by -write-baseline, and the next
// full run still passes the gate.
func TestBaselinePartialRun(t *testing.T) {
	bin := tmplintBinary(t)
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod":      "module example.com/legacy\n\ngo 1.26\n",
		"a/a.go":      "package a\n\nimport \"os\"\n\nfunc Save(data []byte) error { return os.WriteFile(\"a.json\", data, 644) }\n",
		"b/b.go":      "package b\n\nimport \"os\"\n\nfunc Save(data []byte) error { return os.WriteFile(\"b.json\", data, 600) }\n",
		"c/c.go":      "package c\n\nimport \"os\"\n\nfunc Open() error { return os.Chmod(\"/srv/drop\", 0o777) }\n",
		"c/ok.go":     "package c\n",
		"c/c_test.go": "package c\n\nimport \"os\"\n\nfunc save(data []byte) error { return os.WriteFile(\"c.json\", data, 644) }\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	const bl = "tmplint-baseline.json"
	if res := run(t, dir, bin, "-write-baseline", bl, "./..."); res.code != exitClean || !strings.Contains(res.stderr, "recorded 4 findings") {
		t.Fatalf("-write-baseline ./...: exit %d\n%s", res.code, res.stderr)
	}

	for _, c := range []struct{ dir, baseline, pattern string }{
		{dir, bl, "./a/"},
		{filepath.Join(dir, "b"), filepath.Join("..", bl), "."},
		{dir, bl, "./b/..."},
		{dir, bl, "-test=false"}, // test files are not judged: c_test.go's entry stays
	} {
		args := []string{"-baseline", c.baseline, c.pattern}
		if strings.HasPrefix(c.pattern, "-") {
			args = append(args, "./...")
		}
		res := run(t, c.dir, bin, args...)
		if res.code != exitClean || res.stdout != "" || res.stderr != "" {
			t.Errorf("-baseline on %s in %s: exit %d, output:\n%s%s", c.pattern, c.dir, res.code, res.stdout, res.stderr)
		}
	}

	// Fix a's finding and rewrite the baseline from a's run alone: b's and
	// c's entries stay, a's goes.
	if err := os.WriteFile(filepath.Join(dir, "a", "a.go"), []byte("package a\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if res := run(t, dir, bin, "-baseline", bl, "./a/"); !strings.Contains(res.stderr, "1 stale entry ") {
		t.Errorf("the fixed finding of a run's own package is stale; stderr:\n%s", res.stderr)
	}
	res := run(t, dir, bin, "-write-baseline", bl, "./a/")
	if res.code != exitClean || !strings.Contains(res.stderr, "recorded 0 findings") || !strings.Contains(res.stderr, "kept 3 entries") {
		t.Errorf("-write-baseline ./a/: exit %d\n%s", res.code, res.stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, bl))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte(`"a/a.go"`)) || !bytes.Contains(data, []byte(`"b/b.go"`)) || !bytes.Contains(data, []byte(`"c/c.go"`)) {
		t.Errorf("baseline after a partial -write-baseline:\n%s", data)
	}
	if res := run(t, dir, bin, "-baseline", bl, "./..."); res.code != exitClean || res.stdout != "" || res.stderr != "" {
		t.Errorf("full run after the partial rewrite: exit %d, output:\n%s%s", res.code, res.stdout, res.stderr)
	}
}

// validateSARIF checks a SARIF log against the OASIS 2.1.0 schema kept in
// internal/sarif/testdata, formats included.
func validateSARIF(t *testing.T, root, log string) {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	schema, err := c.Compile(filepath.Join(root, "internal", "sarif", "testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("SARIF output does not validate: %v", err)
	}
}
