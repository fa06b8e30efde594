package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestBuildVersionString(t *testing.T) {
	for _, c := range []struct {
		v    buildVersion
		want string
	}{
		{buildVersion{Version: "(devel)"}, "(devel)"},
		{buildVersion{Version: "v0.1.0", Revision: "0b3b5bf"}, "v0.1.0 0b3b5bf"},
		{buildVersion{Version: "(devel)", Revision: "0b3b5bf", Modified: true}, "(devel) 0b3b5bf+modified"},
	} {
		if got := c.v.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.v, got, c.want)
		}
	}
}

// TestVersion checks that "tmplint version" and "tmplint -version" print
// the build's version (not read "version" as a package pattern), and that
// the same version goes into -json, SARIF and baseline files.
func TestVersion(t *testing.T) {
	bin := tmplintBinary(t)
	root := repoRoot(t)
	want := regexp.MustCompile(`^tmplint \(devel\)( [0-9a-f]+(\+modified)?)?( \(.*\))? go1\.\S+ \S+/\S+\n$`)
	for _, args := range [][]string{{"version"}, {"-version"}} {
		r := run(t, t.TempDir(), bin, args...)
		if r.code != exitClean || !want.MatchString(r.stdout) || r.stderr != "" {
			t.Errorf("tmplint %s: exit %d, stdout %q, stderr %q; want 0 and %s", args[0], r.code, r.stdout, r.stderr, want)
		}
	}
	if r := run(t, root, bin, "version", "extra"); r.code != exitError {
		t.Errorf("tmplint version extra: exit %d, want %d", r.code, exitError)
	}

	js := run(t, root, bin, "-json", "./internal/finding")
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(js.stdout), &tree); err != nil {
		t.Fatalf("-json: %v\n%s", err, js.stdout)
	}
	var v buildVersion
	if err := json.Unmarshal(tree["tmplint"]["version"], &v); err != nil || v.Version != "(devel)" || !strings.HasPrefix(v.Go, "go1.") {
		t.Errorf("-json: the tool's version is %s (%v)", tree["tmplint"]["version"], err)
	}

	sarif := run(t, root, bin, "-sarif", "./internal/finding")
	if !strings.Contains(sarif.stdout, `"version": "(devel)`) {
		t.Errorf("-sarif: the driver has no version:\n%s", sarif.stdout)
	}

	bl := filepath.Join(t.TempDir(), "baseline.json")
	if r := run(t, root, bin, "-write-baseline", bl, "./testdata/demo/report"); r.code != exitClean {
		t.Fatalf("-write-baseline: exit %d\n%s", r.code, r.stderr)
	}
	data, err := os.ReadFile(bl)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"toolVersion": "(devel)`) {
		t.Errorf("the baseline does not record the tool's version:\n%s", data)
	}
}
