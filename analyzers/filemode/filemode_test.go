package filemode_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/filemode"
)

func setStrict(t *testing.T) {
	t.Helper()
	if err := filemode.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := filemode.Analyzer.Flags.Set("strict", "false"); err != nil {
			t.Error(err)
		}
	})
}

func TestDefault(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/a", "filemode/sys", "filemode/ignore",
		"filemode/chmodprivate", "filemode/createtempname", "filemode/odd", "filemode/sinks", "filemode/dirsearch", "filemode/umaskread", "filemode/rootcause", "filemode/modeperm", "filemode/precision", "filemode/nodes", "filemode/umaskinit")
}

func TestStrict(t *testing.T) {
	setStrict(t)
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/strict", "filemode/strict/imported", "filemode/strict/viadep", "filemode/strict/lastuse", "filemode/sinksstrict", "filemode/umaskrestore_strict")
}

func TestPolicyFlags(t *testing.T) {
	for _, name := range []string{"file", "dir"} {
		f := filemode.Analyzer.Flags.Lookup(name)
		if f == nil {
			t.Fatalf("no -%s flag", name)
		}
		def := f.Value.String()
		if err := f.Value.Set("0o640"); err != nil {
			t.Errorf("-%s=0o640: %v", name, err)
		}
		if err := f.Value.Set("1777"); err == nil {
			t.Errorf("-%s=1777 accepted: only permission bits are a policy", name)
		}
		for _, ok := range []string{"0640", "640", "0o640", "0O640"} {
			if err := f.Value.Set(ok); err != nil || f.Value.String() != "0640" {
				t.Errorf("-%s=%s: %v, value %s", name, ok, err, f.Value.String())
			}
		}
		for _, bad := range []string{"0x1a4", "0b110100100", "0o6_40", "rw-r-----", "0o", ""} {
			if err := f.Value.Set(bad); err == nil {
				t.Errorf("-%s=%s accepted: a mode is octal", name, bad)
			}
		}
		if err := f.Value.Set(def); err != nil {
			t.Fatal(err)
		}
	}
	if got := filemode.Analyzer.Flags.Lookup("file").Value.String(); got != "0600" {
		t.Errorf("-file default = %s, want 0600", got)
	}
	if got := filemode.Analyzer.Flags.Lookup("dir").Value.String(); got != "0700" {
		t.Errorf("-dir default = %s, want 0700", got)
	}
}

// TestNodeInPrivateDir: a socket or FIFO chmodded wide inside a directory
// the function made private is strict-only (issue 26).
func TestNodeInPrivateDir(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/nodeinprivatedir", "filemode/regression_privateancestor",
		"filemode/regression_privateflagroot")
	setStrict(t)
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/nodeinprivatedir_strict")
}

// TestMountPoint: the mode of a mount point, or of a file on a file
// system without mode bits, never takes effect (issue 26).
func TestMountPoint(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/mountpoint")
}

// A test-support package (its non-test files use testing's types) is test
// code: the umask rules are strict-only there; a production package that
// only calls testing.Testing() is not test support.
func TestTestSupport(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/testsupport", "filemode/testingtesting")
	setStrict(t)
	analysistest.Run(t, testdatadir.Dir(t), filemode.Analyzer, "filemode/testsupport_strict")
}
