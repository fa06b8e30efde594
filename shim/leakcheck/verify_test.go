package leakcheck

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// verifyIn runs body as a subtest with Verify on a fakeTB, and returns what
// Verify reported once the subtest's cleanups have run.
func verifyIn(t *testing.T, body func(t *testing.T, f *fakeTB)) *fakeTB {
	t.Helper()
	var f *fakeTB
	t.Run("verified", func(t *testing.T) {
		f = &fakeTB{TB: t}
		body(t, f)
	})
	return f
}

func TestVerifyTempLeft(t *testing.T) {
	if privateDir() == "" {
		t.Skip("temp entries are checked under VerifyTestMain only")
	}
	f := verifyIn(t, func(t *testing.T, f *fakeTB) {
		var name string
		t.Cleanup(func() { os.Remove(name) }) // registered first: runs after Verify's check
		Verify(f, Settle(0))
		tf, err := os.CreateTemp("", "left-by-test-*")
		if err != nil {
			t.Fatal(err)
		}
		name = tf.Name()
		tf.Close()
	})
	if len(f.errors) != 1 || !strings.Contains(f.errors[0], "temp file left behind: $TMPDIR/left-by-test-") {
		t.Errorf("Verify reported %q", f.errors)
	}
}

func TestVerifyPipeAndChild(t *testing.T) {
	f := verifyIn(t, func(t *testing.T, f *fakeTB) {
		var cmd *exec.Cmd
		var r, w *os.File
		t.Cleanup(func() { // registered first: runs after Verify's check
			r.Close()
			w.Close()
			if cmd != nil {
				cmd.Process.Kill()
				cmd.Wait()
			}
		})
		Verify(f, Settle(0))
		r, w, _ = os.Pipe()
		if p, err := exec.LookPath("sleep"); err == nil {
			cmd = exec.Command(p, "30")
			cmd.Start()
		}
	})
	if len(f.errors) != 1 {
		t.Fatalf("Verify reported %q", f.errors)
	}
	for _, want := range []string{"left open", "pipe", "still running", "sleep 30"} {
		if !strings.Contains(f.errors[0], want) {
			t.Errorf("report %q lacks %q", f.errors[0], want)
		}
	}
}

// TestVerifyTempDir shows that t.TempDir's directory is never a leak,
// whichever of t.TempDir and Verify comes first: the testing package removes
// it in a cleanup that runs before Verify's check when t.TempDir came later,
// and was there when Verify looked when it came first.
func TestVerifyTempDir(t *testing.T) {
	write := func(t *testing.T, dir string) {
		if err := os.WriteFile(filepath.Join(dir, "data"), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cases := map[string]func(t *testing.T, f *fakeTB){
		"Verify first": func(t *testing.T, f *fakeTB) {
			Verify(f, Settle(0))
			write(t, f.TempDir())
			write(t, f.TempDir())
		},
		"TempDir first": func(t *testing.T, f *fakeTB) {
			write(t, f.TempDir())
			Verify(f, Settle(0))
			write(t, f.TempDir())
		},
		"subtest": func(t *testing.T, f *fakeTB) {
			Verify(f, Settle(0))
			t.Run("sub", func(t *testing.T) { write(t, t.TempDir()) })
		},
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			if f := verifyIn(t, body); len(f.errors) > 0 {
				t.Errorf("t.TempDir reported: %q", f.errors)
			}
		})
	}
}

func TestVerifySharedTempSaysSo(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir()) // not the private one
	noted.Delete(sharedTempNote)
	f := verifyIn(t, func(t *testing.T, f *fakeTB) { Verify(f, Settle(0)) })
	if len(f.errors) > 0 || len(f.logs) != 1 || !strings.Contains(f.logs[0], "temp entries are not checked") {
		t.Errorf("Verify in a shared temp dir: errors %q, logs %q", f.errors, f.logs)
	}
}

// fakeM is a testing.M whose run is a function.
type fakeM func() int

func (m fakeM) Run() int { return m() }

// inner runs runMain as a test binary of its own would: not nested in this
// one's VerifyTestMain.
func inner(t *testing.T, run func() int, opts ...Option) (int, string) {
	t.Setenv(envPrivate, "")
	var out bytes.Buffer
	code := runMain(fakeM(run), &out, append([]Option{Settle(0)}, opts...))
	return code, out.String()
}

func TestRunMain(t *testing.T) {
	outer := os.TempDir()
	var tmp string
	code, out := inner(t, func() int {
		tmp = os.TempDir()
		os.WriteFile(filepath.Join(tmp, "stray"), nil, 0o600)
		return 0
	})
	if code != 1 || !strings.Contains(out, "temp file left behind: $TMPDIR/stray") {
		t.Errorf("leak after passing tests: exit %d, output %q", code, out)
	}
	if tmp == outer || !strings.HasPrefix(filepath.Base(tmp), privatePrefix) {
		t.Errorf("tests ran with TMPDIR %s, not a private one", tmp)
	}
	if _, err := os.Lstat(tmp); !os.IsNotExist(err) {
		t.Errorf("private TMPDIR not removed: %v", err)
	}
	if os.TempDir() != outer || privateDir() != outer && privateDir() != "" {
		t.Errorf("TMPDIR not restored: %s, private %s", os.TempDir(), privateDir())
	}

	if code, out := inner(t, func() int { return 3 }); code != 3 || out != "" {
		t.Errorf("failing tests, no leak: exit %d, output %q", code, out)
	}
	if code := Wrap(fakeM(func() int { return 4 })).Run(); code != 4 {
		t.Errorf("Wrap's Run returned %d, want the tests' 4", code)
	}
	code, out = inner(t, func() int {
		tmp = os.TempDir()
		os.Mkdir(filepath.Join(tmp, "shared-bin"), 0o700)
		return 0
	}, AfterRun(func() { os.Remove(filepath.Join(tmp, "shared-bin")) }))
	if code != 0 || out != "" {
		t.Errorf("teardown in AfterRun: exit %d, output %q", code, out)
	}
}

// TestVerifyTestMainExit runs this test binary again with a leak made in a
// test, and checks VerifyTestMain's exit code and report end to end.
func TestVerifyTestMainExit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	for scenario, want := range map[string]string{
		"clean":  "",
		"file":   "temp file left behind: $TMPDIR/e2e-",
		"tree":   "temp directory left behind: $TMPDIR/e2e-",
		"pipe":   "left open",
		"zombie": "left as a zombie",
	} {
		t.Run(scenario, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestScenario$", "-test.count=1")
			cmd.Env = append(os.Environ(), envScenario+"="+scenario, envPrivate+"=")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			if want == "" {
				if err != nil {
					t.Errorf("clean run failed: %v\n%s", err, out.Bytes())
				}
				return
			}
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				t.Errorf("exit %v, want 1\n%s", err, out.Bytes())
			}
			// The report names the package by the test binary's name
			// ("leakcheck" under go test, "shim_leakcheck" when
			// .ci/hostile builds it with -o).
			if !strings.Contains(out.String(), ": the tests left 1 leak behind") && scenario != "pipe" ||
				!strings.Contains(out.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, out.Bytes())
			}
		})
	}
}

const envScenario = "LEAKCHECK_TEST_SCENARIO"

// TestScenario makes the leak TestVerifyTestMainExit asks for; a normal run
// skips it.
func TestScenario(t *testing.T) {
	switch os.Getenv(envScenario) {
	case "":
		t.Skip("a helper of TestVerifyTestMainExit")
	case "file":
		f, _ := os.CreateTemp("", "e2e-*") //tmplint:ignore tempcleanup the leak the end-to-end test wants reported
		f.Close()
	case "tree":
		d, _ := os.MkdirTemp("", "e2e-*") //tmplint:ignore tempcleanup the leak the end-to-end test wants reported
		os.WriteFile(filepath.Join(d, "f"), nil, 0o600)
	case "pipe":
		r, w, _ := os.Pipe()
		leaked = append(leaked, r, w)
	case "zombie":
		exec.Command("true").Start() //tmplint:ignore execfd the zombie the end-to-end test wants reported
	}
}

// leaked keeps the pipe of the "pipe" scenario reachable, so that no
// finalizer closes it within the settle time.
var leaked []*os.File
