package sarif_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/finding"
	"github.com/tmplint/tmplint/internal/sarif"
)

var testAnalyzers = []*analysis.Analyzer{
	{
		Name:  "filemode",
		Doc:   "filemode: report implicit or over-permissive file modes\n\nLonger text.",
		URL:   "https://pkg.go.dev/github.com/tmplint/tmplint/analyzers/filemode",
		Run:   func(*analysis.Pass) (any, error) { return nil, nil },
		Flags: *flag.NewFlagSet("filemode", flag.ContinueOnError),
	},
	{
		Name: "tempcleanup",
		Doc:  "tempcleanup: report temp files and directories without cleanup",
		URL:  "https://pkg.go.dev/github.com/tmplint/tmplint/analyzers/tempcleanup",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	},
}

const srcV1 = `package p

import "os"

func F() {
	os.WriteFile("é/x", nil, 644) // é is two bytes, one UTF-16 unit
	f, _ := os.CreateTemp("", "x")
	_ = f
}

func G() {
	os.WriteFile("y", nil, 644)
	os.WriteFile("y", nil, 644)
}
`

// srcV2 is srcV1 after an unrelated edit that moves every line down.
var srcV2 = strings.Replace(srcV1, "import \"os\"\n", "import \"os\"\n\n// A comment added above.\n// Another.\n", 1)

// findings returns the findings on a source file of the form of srcV1.
func findings(t *testing.T, file, src string) []finding.Finding {
	t.Helper()
	if err := os.WriteFile(file, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	pos := func(sub string, n int, delta int) token.Position {
		off := -1
		for i := 0; i < n; i++ {
			j := strings.Index(src[off+1:], sub)
			if j < 0 {
				t.Fatalf("%q not found", sub)
			}
			off += 1 + j
		}
		off += delta
		line := 1 + strings.Count(src[:off], "\n")
		col := off - strings.LastIndex(src[:off], "\n")
		return token.Position{Filename: file, Offset: off, Line: line, Column: col}
	}
	// snippet is what the driver puts in Finding.Snippet: the trimmed line.
	snippet := func(p token.Position) string {
		return strings.TrimSpace(strings.Split(src, "\n")[p.Line-1])
	}
	lit := pos("644", 1, 0)
	litEnd := pos("644", 1, 3)
	return []finding.Finding{
		{
			Analyzer: "filemode", Package: "example.com/p",
			Posn: lit, End: litEnd,
			Message: "file mode 644 is decimal and reads as 0o1204: write 0o644",
			Snippet: snippet(lit),
			Func:    "F",
			Fixes: []finding.Fix{{
				Message: "write 0o644 [safe]",
				Edits:   []finding.Edit{{Start: lit, End: litEnd, New: "0o644"}},
			}, {
				Message: "use mode 0o600 [changes behaviour: narrows the mode]",
				Edits:   []finding.Edit{{Start: lit, End: litEnd, New: "0o600"}},
			}},
		},
		{
			Analyzer: "tempcleanup", Package: "example.com/p",
			Posn: pos("os.CreateTemp", 1, 0), End: pos("os.CreateTemp", 1, len(`os.CreateTemp("", "x")`)),
			Message: "temp file f from os.CreateTemp is not removed on every path, so it stays on disk: defer os.Remove(f.Name()) right after the error check",
			Snippet: snippet(pos("os.CreateTemp", 1, 0)),
			Func:    "F",
			Related: []finding.Related{{Posn: pos("}\n", 1, 0), End: pos("}\n", 1, 1), Message: "leaks here"}},
		},
		{
			Analyzer: "filemode", Package: "example.com/p",
			Posn: pos("644", 2, 0), End: pos("644", 2, 3),
			Message: "file mode 644 is decimal and reads as 0o1204: write 0o644",
			Snippet: snippet(pos("644", 2, 0)), Func: "G",
		},
		{
			Analyzer: "filemode", Package: "example.com/p",
			Posn: pos("644", 3, 0), End: pos("644", 3, 3),
			Message: "file mode 644 is decimal and reads as 0o1204: write 0o644",
			Snippet: snippet(pos("644", 3, 0)), Func: "G",
		},
	}
}

func write(t *testing.T, root string, fs []finding.Finding) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := sarif.Write(&buf, root, testAnalyzers, fs, "v1.2.3", nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestSchema validates the log against the SARIF 2.1.0 JSON schema
// (testdata/sarif-schema-2.1.0.json, the OASIS errata01 schema).
func TestSchema(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "p"), 0o700); err != nil {
		t.Fatal(err)
	}
	out := write(t, root, findings(t, filepath.Join(root, "p", "p.go"), srcV1))
	validate(t, out)

	// An empty log is valid too.
	validate(t, write(t, root, nil))
}

func validate(t *testing.T, out []byte) {
	t.Helper()
	if err := check(t, out); err != nil {
		t.Errorf("SARIF log does not validate: %v\n%s", err, out)
	}
}

// TestSchemaRejects makes sure the validation has teeth: logs that break
// the schema in ways a writer might are rejected.
func TestSchemaRejects(t *testing.T) {
	root := t.TempDir()
	good := string(write(t, root, findings(t, filepath.Join(root, "p.go"), srcV1)))
	for _, bad := range []struct{ old, new string }{
		{`"version": "2.1.0"`, `"version": "2.0.0"`},
		{`"startLine": 6`, `"startLine": 0`},
		{`"level": "warning"`, `"level": "warn"`},
		{`"ruleId": "filemode"`, `"ruleId": 1`},
		{`"partialFingerprints": {`, `"partialFingerprints": {"x": 1,`},
	} {
		mutated := strings.Replace(good, bad.old, bad.new, 1)
		if mutated == good {
			t.Fatalf("%q not in the log", bad.old)
		}
		if check(t, []byte(mutated)) == nil {
			t.Errorf("a log with %s validates", bad.new)
		}
	}
}

func check(t *testing.T, out []byte) error {
	t.Helper()
	schemaFile, err := filepath.Abs("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	schema, err := c.Compile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	return schema.Validate(doc)
}

// A log is the part of SARIF that GitHub code scanning requires, decoded
// loosely to check what is present.
type log struct {
	Version string
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name, Version, SemanticVersion string
				Rules                          []struct {
					ID               string
					ShortDescription struct{ Text string }
					FullDescription  struct{ Text string }
					Help             struct{ Text string }
					HelpURI          string
					DefaultConfig    struct{ Level string } `json:"defaultConfiguration"`
				}
			}
		}
		Results []struct {
			RuleID              string
			RuleIndex           int
			Message             struct{ Text string }
			Locations           []location
			RelatedLocations    []location
			PartialFingerprints map[string]string
			Fixes               []struct {
				Properties struct {
					FixClass        string
					BehaviourChange string
				}
				ArtifactChanges []struct {
					ArtifactLocation artifact
					Replacements     []struct {
						DeletedRegion   region
						InsertedContent struct{ Text string }
					}
				}
			}
		}
	}
}

type location struct {
	Message          struct{ Text string }
	PhysicalLocation struct {
		ArtifactLocation artifact
		Region           region
	}
}

type artifact struct{ URI, URIBaseID string }

type region struct{ StartLine, StartColumn, EndLine, EndColumn int }

func decode(t *testing.T, out []byte) *log {
	t.Helper()
	var l log
	if err := json.Unmarshal(out, &l); err != nil {
		t.Fatal(err)
	}
	if len(l.Runs) != 1 {
		t.Fatalf("want 1 run, got %d", len(l.Runs))
	}
	return &l
}

// TestGitHubFields checks what GitHub code scanning needs of an upload.
func TestGitHubFields(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "p"), 0o700); err != nil {
		t.Fatal(err)
	}
	fs := findings(t, filepath.Join(root, "p", "p.go"), srcV1)
	l := decode(t, write(t, root, fs))
	if l.Version != "2.1.0" {
		t.Errorf("version = %q", l.Version)
	}
	run := l.Runs[0]
	d := run.Tool.Driver
	if d.Name != "tmplint" || d.Version != "v1.2.3" || d.SemanticVersion != "1.2.3" {
		t.Errorf("driver = %q %q %q", d.Name, d.Version, d.SemanticVersion)
	}
	if len(d.Rules) != 2 {
		t.Fatalf("want 2 rules, got %d", len(d.Rules))
	}
	r := d.Rules[0]
	if r.ID != "filemode" || r.ShortDescription.Text != "report implicit or over-permissive file modes" ||
		!strings.Contains(r.FullDescription.Text, "Longer text.") || !strings.Contains(r.Help.Text, r.HelpURI) ||
		r.HelpURI != testAnalyzers[0].URL || r.DefaultConfig.Level != "warning" {
		t.Errorf("rule 0 = %+v", r)
	}
	if len(run.Results) != len(fs) {
		t.Fatalf("want %d results, got %d", len(fs), len(run.Results))
	}
	seen := make(map[string]bool)
	for i, res := range run.Results {
		if res.RuleID == "" || d.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %d: ruleId %q, ruleIndex %d", i, res.RuleID, res.RuleIndex)
		}
		if res.Message.Text == "" {
			t.Errorf("result %d: no message", i)
		}
		if len(res.Locations) != 1 {
			t.Fatalf("result %d: %d locations", i, len(res.Locations))
		}
		pl := res.Locations[0].PhysicalLocation
		if pl.ArtifactLocation.URI != "p/p.go" || pl.ArtifactLocation.URIBaseID != "%SRCROOT%" {
			t.Errorf("result %d: artifact %+v, want p/p.go relative to %%SRCROOT%%", i, pl.ArtifactLocation)
		}
		if pl.Region.StartLine < 1 || pl.Region.StartColumn < 1 || pl.Region.EndLine < pl.Region.StartLine {
			t.Errorf("result %d: region %+v", i, pl.Region)
		}
		fp := res.PartialFingerprints[sarif.FingerprintKey]
		if fp == "" || seen[fp] {
			t.Errorf("result %d: fingerprint %q missing or not unique", i, fp)
		}
		seen[fp] = true
	}

	// The first result: UTF-16 columns, the fix, and its region.
	res := run.Results[0]
	want := region{StartLine: 6, StartColumn: 27, EndLine: 6, EndColumn: 30} // "é" is one UTF-16 unit but two bytes
	if got := res.Locations[0].PhysicalLocation.Region; got != want {
		t.Errorf("region = %+v, want %+v", got, want)
	}
	if len(res.Fixes) != 2 || len(res.Fixes[0].ArtifactChanges) != 1 {
		t.Fatalf("fixes = %+v", res.Fixes)
	}
	// Each fix says whether it is safe to apply.
	if p := res.Fixes[0].Properties; p.FixClass != "safe" || p.BehaviourChange != "" {
		t.Errorf("safe fix marked %+v", p)
	}
	if p := res.Fixes[1].Properties; p.FixClass != "changes-behaviour" || p.BehaviourChange != "narrows the mode" {
		t.Errorf("behaviour-changing fix marked %+v", p)
	}
	ch := res.Fixes[0].ArtifactChanges[0]
	if ch.ArtifactLocation.URI != "p/p.go" || len(ch.Replacements) != 1 ||
		ch.Replacements[0].DeletedRegion != want || ch.Replacements[0].InsertedContent.Text != "0o644" {
		t.Errorf("artifact change = %+v", ch)
	}
	// The second result has the related location.
	if rl := run.Results[1].RelatedLocations; len(rl) != 1 || rl[0].Message.Text != "leaks here" ||
		rl[0].PhysicalLocation.Region.StartLine != 9 {
		t.Errorf("related = %+v", rl)
	}
}

// TestFingerprintsSurviveLineShifts checks that an unrelated edit that
// moves the findings does not change their fingerprints, and that
// identical findings in one function are told apart by their order.
func TestFingerprintsSurviveLineShifts(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "p.go")
	fingerprints := func(src string) []string {
		l := decode(t, write(t, root, findings(t, file, src)))
		var fps []string
		for _, r := range l.Runs[0].Results {
			fps = append(fps, r.PartialFingerprints[sarif.FingerprintKey])
		}
		return fps
	}
	v1 := fingerprints(srcV1)
	again := fingerprints(srcV1)
	v2 := fingerprints(srcV2)
	// gofmt realigning the trailing comment does not matter either.
	v3 := fingerprints(strings.Replace(srcV1, "644) // é", "644)   // é", 1))
	if strings.Join(v1, " ") != strings.Join(v3, " ") {
		t.Errorf("fingerprints changed when spacing changed:\n%v\n%v", v1, v3)
	}
	if strings.Join(v1, " ") != strings.Join(again, " ") {
		t.Errorf("fingerprints differ between two runs:\n%v\n%v", v1, again)
	}
	if strings.Join(v1, " ") != strings.Join(v2, " ") {
		t.Errorf("fingerprints changed when lines shifted:\n%v\n%v", v1, v2)
	}
	// The two identical findings in G share a hash and differ in the
	// occurrence number.
	h2, n2, _ := strings.Cut(v1[2], ":")
	h3, n3, _ := strings.Cut(v1[3], ":")
	if h2 != h3 || n2 != "1" || n3 != "2" {
		t.Errorf("duplicate findings: %s, %s", v1[2], v1[3])
	}
}

// TestOutsideRoot checks that a file outside the root gets an absolute
// file URI instead of a relative one.
func TestOutsideRoot(t *testing.T) {
	root := t.TempDir()
	other := t.TempDir()
	fs := findings(t, filepath.Join(other, "p.go"), srcV1)
	out := write(t, root, fs)
	validate(t, out)
	l := decode(t, out)
	loc := l.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation
	if !strings.HasPrefix(loc.URI, "file:///") || loc.URIBaseID != "" {
		t.Errorf("artifact = %+v, want an absolute file URI", loc)
	}
}

// TestValidateFile validates the SARIF log named by $TMPLINT_SARIF_FILE,
// for checking real output: tmplint -sarif std > /tmp/std.sarif.
func TestValidateFile(t *testing.T) {
	name := os.Getenv("TMPLINT_SARIF_FILE")
	if name == "" {
		t.Skip("set TMPLINT_SARIF_FILE to validate a log")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	validate(t, data)
	l := decode(t, data)
	t.Logf("%s: %d rules, %d results", name, len(l.Runs[0].Tool.Driver.Rules), len(l.Runs[0].Results))
}

// TestInvocation checks that the log says whether the run analyzed all it
// was asked to: a run with notifications (packages that could not be
// analyzed) is not successful and lists each, a run without is.
func TestInvocation(t *testing.T) {
	root := t.TempDir()
	var inv struct {
		Runs []struct {
			Invocations []struct {
				ExecutionSuccessful        *bool
				ToolExecutionNotifications []struct {
					Level     string
					Message   struct{ Text string }
					Locations []struct {
						LogicalLocations []struct{ FullyQualifiedName string }
					}
				}
			}
		}
	}
	decode := func(out []byte) {
		t.Helper()
		inv.Runs = nil
		if err := json.Unmarshal(out, &inv); err != nil {
			t.Fatal(err)
		}
		if len(inv.Runs) != 1 || len(inv.Runs[0].Invocations) != 1 || inv.Runs[0].Invocations[0].ExecutionSuccessful == nil {
			t.Fatalf("no invocation with executionSuccessful:\n%s", out)
		}
	}

	clean := write(t, root, nil)
	validate(t, clean)
	decode(clean)
	if i := inv.Runs[0].Invocations[0]; !*i.ExecutionSuccessful || len(i.ToolExecutionNotifications) != 0 {
		t.Errorf("a run without errors: %+v", i)
	}

	var buf bytes.Buffer
	notes := []sarif.Notification{
		{Package: "example.com/broken", Message: "broken.go:3:9: undefined: x"},
		{Message: "no packages match ./nosuch"},
	}
	if err := sarif.Write(&buf, root, testAnalyzers, nil, "v1.2.3", notes); err != nil {
		t.Fatal(err)
	}
	validate(t, buf.Bytes())
	decode(buf.Bytes())
	i := inv.Runs[0].Invocations[0]
	if *i.ExecutionSuccessful || len(i.ToolExecutionNotifications) != 2 {
		t.Fatalf("a run with errors: %+v", i)
	}
	n := i.ToolExecutionNotifications[0]
	if n.Level != "error" || n.Message.Text != "package example.com/broken: broken.go:3:9: undefined: x" ||
		len(n.Locations) != 1 || n.Locations[0].LogicalLocations[0].FullyQualifiedName != "example.com/broken" {
		t.Errorf("notification %+v", n)
	}
	if n := i.ToolExecutionNotifications[1]; n.Message.Text != "no packages match ./nosuch" || len(n.Locations) != 0 {
		t.Errorf("notification %+v", n)
	}
}
