package main

// End-to-end tests: build the command, run it standalone and as a go vet
// tool over the demo packages in testdata/demo, and check findings, exit
// codes and flags against the markers written in the demo's source:
//
//	os.Create(...) // finding: temppath
//	...            // finding(strict): tempcleanup
//
// A line with a marker must have a finding of each analyzer it names (in
// the strict profile for "finding(strict)"), and a line without one must
// have none.

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/tmplint/tmplint/shim/fsmode"
	"github.com/tmplint/tmplint/shim/leakcheck"
	"github.com/tmplint/tmplint/shim/proc"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	binDir    string
)

// TestMain removes the command built once for all tests after the last
// one, and then fails the run if the tests left temp entries, descriptors or
// child processes behind.
func TestMain(m *testing.M) {
	leakcheck.VerifyTestMain(m, leakcheck.AfterRun(func() {
		if binDir != "" {
			os.RemoveAll(binDir)
		}
	}))
}

// tmplintBinary builds the command once per test binary.
func tmplintBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the command; skipped in -short mode")
	}
	buildOnce.Do(func() {
		// TestMain removes the directory after the last test.
		binDir, buildErr = fsmode.MkdirTemp("", "tmplint-e2e-", 0o700)
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "tmplint")
		var out bytes.Buffer
		cmd := exec.Command("go", "build", "-o", binPath, ".")
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := startAndWait(cmd); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out.Bytes())
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func repoRoot(t *testing.T) string {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

type result struct {
	stdout, stderr string
	code           int
}

func run(t *testing.T, dir string, name string, args ...string) result {
	t.Helper()
	return runEnv(t, dir, nil, name, args...)
}

// runEnv runs a command in dir with env added to the test's environment.
// Every run keeps tmplint's result cache in the test binary's own
// directory, never in the user's cache directory (which may be read-only,
// as under a CI job's HOME, or shared with the user's own runs), unless env
// says otherwise.
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	if binDir != "" {
		cmd.Env = append(cmd.Env, cacheEnv+"="+filepath.Join(binDir, "cache"))
	}
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := startAndWait(cmd)
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return result{stdout.String(), stderr.String(), code}
}

// startAndWait runs a command through the shim, so that it inherits no
// descriptor of the test process but its standard streams.
func startAndWait(cmd *exec.Cmd) error {
	if err := proc.Start(cmd); err != nil {
		return err
	}
	return cmd.Wait()
}

// A fileLine names a line of a demo file, relative to the repo root.
type fileLine struct {
	file string
	line int
}

var markerRE = regexp.MustCompile(`// finding(\(strict\))?: ([a-z, ]+)`)

// markers returns, for the profile, the analyzers expected on each line.
func markers(t *testing.T, root string, strict bool) map[fileLine][]string {
	t.Helper()
	want := make(map[fileLine][]string)
	err := filepath.WalkDir(filepath.Join(root, "testdata", "demo"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			for _, m := range markerRE.FindAllStringSubmatch(sc.Text(), -1) {
				if m[1] != "" && !strict {
					continue
				}
				for _, name := range strings.Split(m[2], ",") {
					if name = strings.TrimSpace(name); name != "" {
						want[fileLine{rel, n}] = append(want[fileLine{rel, n}], name)
					}
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	for k := range want {
		sort.Strings(want[k])
		want[k] = slices.Compact(want[k])
	}
	return want
}

// findingRE matches a finding line of the text output and of go vet's.
var findingRE = regexp.MustCompile(`^(?:vet: )?([^\s:][^:]*\.go):(\d+):\d+: (.*) \(([a-z]+)\)$`)

// parseFindings returns the analyzers that reported on each line of the
// standalone text output.
func parseFindings(t *testing.T, root, out string) map[fileLine][]string {
	t.Helper()
	got := make(map[fileLine][]string)
	for _, line := range strings.Split(out, "\n") {
		m := findingRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		file := m[1]
		if filepath.IsAbs(file) {
			file, _ = filepath.Rel(root, file)
		}
		var n int
		fmt.Sscan(m[2], &n)
		k := fileLine{filepath.ToSlash(file), n}
		got[k] = append(got[k], m[4])
	}
	for k := range got {
		sort.Strings(got[k])
		got[k] = slices.Compact(got[k])
	}
	return got
}

func checkFindings(t *testing.T, got, want map[fileLine][]string, output string) {
	t.Helper()
	keys := make(map[fileLine]bool)
	for k := range got {
		keys[k] = true
	}
	for k := range want {
		keys[k] = true
	}
	bad := false
	for k := range keys {
		if !slices.Equal(got[k], want[k]) {
			t.Errorf("%s:%d: findings from %v, want %v", k.file, k.line, got[k], want[k])
			bad = true
		}
	}
	if bad {
		t.Logf("output:\n%s", output)
	}
}

func TestStandaloneDemo(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	for _, strict := range []bool{false, true} {
		t.Run(fmt.Sprintf("strict=%v", strict), func(t *testing.T) {
			args := []string{"./testdata/demo/..."}
			if strict {
				args = append([]string{"-strict"}, args...)
			}
			r := run(t, root, bin, args...)
			if r.code != exitFindings {
				t.Fatalf("exit code %d, want %d (findings)\nstdout:\n%s\nstderr:\n%s", r.code, exitFindings, r.stdout, r.stderr)
			}
			checkFindings(t, parseFindings(t, root, r.stdout), markers(t, root, strict), r.stdout)
		})
	}
}

// TestVetToolPathWithSpaces: go vet accepts a tmplint whose path has spaces
// (a TMPDIR or "Application Support"): its -V=full line has "version" as
// the second word and the executable's hash as the build ID, and a go vet
// run through it reports the demo's findings.
func TestVetToolPathWithSpaces(t *testing.T) {
	bin := tmplintBinary(t)
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "dir with spaces")
	if err := fsmode.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	spaced := filepath.Join(dir, "tmp lint")
	if err := fsmode.WriteFile(spaced, data, 0o700); err != nil {
		t.Fatal(err)
	}
	r := run(t, dir, spaced, "-V=full")
	f := strings.Fields(r.stdout)
	if r.code != 0 || len(f) < 3 || f[1] != "version" || f[len(f)-1] != fmt.Sprintf("buildID=%x", sha256.Sum256(data)) {
		t.Fatalf("-V=full printed %q (exit %d), want NAME version devel buildID=<sha256 of the executable>", r.stdout, r.code)
	}
	r = run(t, repoRoot(t), "go", "vet", "-vettool="+spaced, "./testdata/demo/report")
	if r.code == 0 || !strings.Contains(r.stderr, "report.go:") {
		t.Fatalf("go vet through %q: exit %d, want the demo's findings\n%s", spaced, r.code, r.stderr)
	}
}

func TestVetToolDemo(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	for _, strict := range []bool{false, true} {
		t.Run(fmt.Sprintf("strict=%v", strict), func(t *testing.T) {
			args := []string{"vet", "-vettool=" + bin}
			if strict {
				args = append(args, "-strict")
			}
			args = append(args, "./testdata/demo/...")
			r := run(t, root, "go", args...)
			if r.code == 0 {
				t.Fatalf("go vet exited 0 on the demo\n%s", r.stderr)
			}
			// go vet prints "file:line:col: message (analyzer)", the
			// analyzer's name kept for //tmplint:ignore, and each
			// analyzer's findings of a file in line order.
			byMessage := messagesByAnalyzer(t, bin, root, strict)
			got := make(map[fileLine][]string)
			lastLine := make(map[string]int) // file and analyzer → line
			for _, line := range strings.Split(r.stderr, "\n") {
				m := regexp.MustCompile(`^([^\s#][^:]*\.go):(\d+):\d+: (.*)$`).FindStringSubmatch(line)
				if m == nil {
					continue
				}
				file := m[1]
				if filepath.IsAbs(file) {
					file, _ = filepath.Rel(root, file)
				}
				file = strings.TrimPrefix(filepath.ToSlash(file), "./")
				var n int
				fmt.Sscan(m[2], &n)
				if strings.HasPrefix(m[3], "\t") {
					continue // related information of the finding above
				}
				f := findingRE.FindStringSubmatch(line)
				if f == nil {
					t.Errorf("go vet reported %q, without its analyzer's name", line)
					continue
				}
				name := f[4]
				if want, ok := byMessage[f[3]]; !ok || want != name {
					t.Errorf("go vet reported %q, which the standalone run did not (as %s)", line, name)
					continue
				}
				if n < lastLine[file+" "+name] {
					t.Errorf("go vet reported %q after line %d of the same file and analyzer", line, lastLine[file+" "+name])
				}
				lastLine[file+" "+name] = n
				k := fileLine{file, n}
				got[k] = append(got[k], name)
			}
			for k := range got {
				sort.Strings(got[k])
				got[k] = slices.Compact(got[k])
			}
			checkFindings(t, got, markers(t, root, strict), r.stderr)
		})
	}
}

// messagesByAnalyzer runs the command with -json and maps each message to
// its analyzer.
func messagesByAnalyzer(t *testing.T, bin, root string, strict bool) map[string]string {
	t.Helper()
	args := []string{"-json", "./testdata/demo/..."}
	if strict {
		args = append([]string{"-strict"}, args...)
	}
	r := run(t, root, bin, args...)
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(r.stdout), &tree); err != nil {
		t.Fatalf("-json output does not parse: %v\n%s", err, r.stdout)
	}
	out := make(map[string]string)
	for pkg, analyzers := range tree {
		if pkg == "tmplint" {
			continue // the tool's version and the run's errors
		}
		for name, raw := range analyzers {
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("-json: %s: %v", name, err)
			}
			for _, d := range diags {
				out[d.Message] = name
			}
		}
	}
	return out
}

func TestAnalyzerSelectionFlags(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	all := markers(t, root, false)
	for _, a := range suite() {
		t.Run(a.Name, func(t *testing.T) {
			only := run(t, root, bin, "-"+a.Name, "./testdata/demo/...")
			without := run(t, root, bin, "-"+a.Name+"=false", "./testdata/demo/...")
			for k, names := range parseFindings(t, root, only.stdout) {
				if len(names) != 1 || names[0] != a.Name {
					t.Errorf("-%s: %s:%d has findings from %v", a.Name, k.file, k.line, names)
				}
			}
			for k, names := range parseFindings(t, root, without.stdout) {
				if slices.Contains(names, a.Name) {
					t.Errorf("-%s=false: %s:%d still has a %s finding", a.Name, k.file, k.line, a.Name)
				}
			}
			wantAny := false
			for _, names := range all {
				wantAny = wantAny || slices.Contains(names, a.Name)
			}
			if wantAny && only.code != exitFindings {
				t.Errorf("-%s: exit code %d, want %d\n%s", a.Name, only.code, exitFindings, only.stderr)
			}
		})
	}
}

func TestLoadErrorIsAnError(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	r := run(t, root, bin, "./testdata/broken")
	if r.code != exitError {
		t.Errorf("exit code %d on a package that does not type-check, want %d", r.code, exitError)
	}
	if !strings.Contains(r.stderr, "package github.com/tmplint/tmplint/testdata/broken") {
		t.Errorf("stderr does not name the broken package:\n%s", r.stderr)
	}
	r = run(t, root, bin, "./testdata/no/such/dir")
	if r.code != exitError {
		t.Errorf("exit code %d for a missing package, want %d", r.code, exitError)
	}
	r = run(t, root, bin, "-no-such-flag", "./testdata/demo/...")
	if r.code != exitError {
		t.Errorf("exit code %d for an unknown flag, want %d", r.code, exitError)
	}
}

func TestCleanPackageExitsZero(t *testing.T) {
	bin := tmplintBinary(t)
	r := run(t, repoRoot(t), bin, "./internal/finding")
	if r.code != exitClean || r.stdout != "" {
		t.Errorf("exit code %d, output %q on a clean package; want 0 and no output\n%s", r.code, r.stdout, r.stderr)
	}
}

func TestHelp(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	r := run(t, root, bin, "help")
	for _, a := range suite() {
		if !strings.Contains(r.stdout, a.Name) {
			t.Errorf("help does not list %s", a.Name)
		}
		one := run(t, root, bin, "help", a.Name)
		if one.code != 0 || !strings.HasPrefix(one.stdout, a.Name+": ") || !strings.Contains(one.stdout, "-"+a.Name+".strict") {
			t.Errorf("help %s: exit %d, output:\n%s", a.Name, one.code, one.stdout)
		}
	}
	if r := run(t, root, bin, "help", "nosuch"); r.code != exitError {
		t.Errorf("help nosuch: exit %d, want %d", r.code, exitError)
	}
}

// demoModule copies the demo into a scratch module and returns its root.
func demoModule(t *testing.T) string {
	root := repoRoot(t)
	scratch := t.TempDir()
	copyTree(t, filepath.Join(root, "testdata", "demo"), filepath.Join(scratch, "demo"))
	gomod := "module github.com/tmplint/tmplint/testdata\n\ngo 1.26\n"
	if err := os.WriteFile(filepath.Join(scratch, "go.mod"), []byte(gomod), 0o600); err != nil {
		t.Fatal(err)
	}
	return scratch
}

// The demo lines that tell a safe fix from a behaviour-changing one.
const (
	decimalMode = "os.WriteFile(path, data, 644) // finding"   // safe: 644 → 0o644
	octalMode   = "os.WriteFile(path, data, 0o644) // finding" // what the safe fix writes
	sharedDir   = "os.Chmod(dir, 0o777) // finding"            // changes behaviour: narrowing
	rawPipe     = "syscall.Pipe(p[:])"                         // safe: Pipe → Pipe2
)

func demoFile(t *testing.T, scratch, name string) string {
	data, err := os.ReadFile(filepath.Join(scratch, "demo", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestFixAndDiff copies the demo into a scratch module, checks that -diff
// prints every fix, each hunk labelled safe or behaviour-changing, and
// writes nothing; that -fix applies the safe fixes only and says how many
// it held back; and that -fix=all then applies the rest, converges, and
// leaves code that go vet accepts.
func TestFixAndDiff(t *testing.T) {
	bin := tmplintBinary(t)
	scratch := demoModule(t)
	before := snapshot(t, scratch)
	d := run(t, scratch, bin, "-diff", "./...")
	if d.code == exitError || !strings.Contains(d.stdout, "@@") {
		t.Fatalf("-diff: exit %d, no diff printed:\n%s\n%s", d.code, d.stdout, d.stderr)
	}
	if after := snapshot(t, scratch); !maps.Equal(before, after) {
		t.Fatal("-diff modified files")
	}
	safeHunk := regexp.MustCompile(`(?m)^@@ [^@]* @@ .*safe, applied by -fix: .*write 0o644`)
	changingHunk := regexp.MustCompile(`(?m)^@@ [^@]* @@ CHANGES BEHAVIOUR, applied only by -fix=all: filemode: use mode 0o775 \(narrows the mode`)
	if !safeHunk.MatchString(d.stdout) || !changingHunk.MatchString(d.stdout) {
		t.Errorf("-diff does not label the safe and the behaviour-changing hunks:\n%s", d.stdout)
	}
	for _, line := range strings.Split(d.stdout, "\n") {
		if strings.HasPrefix(line, "@@") && !strings.Contains(line, "safe, applied by -fix") && !strings.Contains(line, "CHANGES BEHAVIOUR") {
			t.Errorf("-diff hunk without a label: %s", line)
		}
	}

	f := run(t, scratch, bin, "-fix", "./...")
	if f.code == exitError {
		t.Fatalf("-fix: exit %d\n%s", f.code, f.stderr)
	}
	if !regexp.MustCompile(`applied [1-9]\d* fixes \([1-9]\d* safe, 0 that change behaviour\) in [1-9]\d* files; [1-9]\d* fixes that change behaviour were not applied`).MatchString(f.stderr) {
		t.Errorf("-fix summary:\n%s", f.stderr)
	}
	report := demoFile(t, scratch, "report/report.go")
	if !strings.Contains(report, octalMode) || strings.Contains(report, decimalMode) {
		t.Errorf("-fix did not apply the safe decimal-mode fix:\n%s", report)
	}
	if !strings.Contains(report, sharedDir) {
		t.Errorf("-fix narrowed the mode of a shared directory, a fix that changes behaviour:\n%s", report)
	}
	if runner := demoFile(t, scratch, "runner/rawpipe_linux.go"); strings.Contains(runner, rawPipe) {
		t.Errorf("-fix did not apply the safe Pipe2 fix")
	}
	// -fix converges: what -diff still proposes changes behaviour.
	again := run(t, scratch, bin, "-diff", "./...")
	if strings.Contains(again.stdout, "safe, applied by -fix") {
		if f := run(t, scratch, bin, "-fix", "./..."); f.code == exitError {
			t.Fatalf("-fix round 2: exit %d\n%s", f.code, f.stderr)
		}
		again = run(t, scratch, bin, "-diff", "./...")
	}
	if strings.Contains(again.stdout, "safe, applied by -fix") || !strings.Contains(again.stdout, "CHANGES BEHAVIOUR") {
		t.Errorf("after -fix, -diff should propose only behaviour-changing fixes:\n%s", again.stdout)
	}

	// Fixes that overlap one applied in this round (two analyzers fixing
	// the same call) are left for the next: -fix=all must converge.
	for round := 1; ; round++ {
		if f := run(t, scratch, bin, "-fix=all", "./..."); f.code == exitError {
			t.Fatalf("-fix=all round %d: exit %d\n%s", round, f.code, f.stderr)
		}
		again := run(t, scratch, bin, "-diff", "./...")
		if !strings.Contains(again.stdout, "@@") {
			break
		}
		if round == 3 {
			t.Fatalf("-fix=all has not converged after %d rounds; -diff still proposes:\n%s", round, again.stdout)
		}
	}
	if strings.Contains(demoFile(t, scratch, "report/report.go"), sharedDir) {
		t.Error("-fix=all did not apply the behaviour-changing fix")
	}
	// What is left has no fix, and the fixed code still builds.
	if b := run(t, scratch, "go", "vet", "./..."); b.code != 0 {
		t.Errorf("the fixed demo does not pass go vet:\n%s", b.stderr)
	}
	if r := run(t, scratch, bin, "-fix=maybe", "./..."); r.code != exitError {
		t.Errorf("-fix=maybe: exit %d, want %d", r.code, exitError)
	}
}

// TestVetFixIsSafeOnly checks that go vet -fix with tmplint as the vet tool
// applies the safe fixes only, and -fixall the others too.
func TestVetFixIsSafeOnly(t *testing.T) {
	bin := tmplintBinary(t)
	scratch := demoModule(t)
	run(t, scratch, "go", "vet", "-vettool="+bin, "-fix", "./...")
	report := demoFile(t, scratch, "report/report.go")
	if !strings.Contains(report, octalMode) {
		t.Errorf("go vet -fix did not apply the safe decimal-mode fix:\n%s", report)
	}
	if !strings.Contains(report, sharedDir) {
		t.Errorf("go vet -fix applied a fix that changes behaviour:\n%s", report)
	}
	// Two analyzers fix the same os.Create in the demo; when fixes in a
	// package conflict, go vet -fix applies none there (the tool exits 1
	// and the go command drops its fix archive), so one of them is off.
	run(t, scratch, "go", "vet", "-vettool="+bin, "-fix", "-fixall", "-temppath=false", "./...")
	if strings.Contains(demoFile(t, scratch, "report/report.go"), sharedDir) {
		t.Error("go vet -fix -fixall did not apply the behaviour-changing fix")
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o700)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := make(map[string]string)
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(path)
			files[path] = string(data)
		}
		return nil
	})
	return files
}
