//go:build unix

package fsmode

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/tmplint/tmplint/shim/leakcheck"
)

// The subprocess tests re-execute the test binary with one of these
// variables set; the child does its part and exits.
const (
	envUmaskChild = "FSMODE_TEST_UMASK_CHILD"
	envCrashChild = "FSMODE_TEST_CRASH_CHILD"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(envUmaskChild); dir != "" {
		os.Exit(umaskChild(dir))
	}
	if spec := os.Getenv(envCrashChild); spec != "" {
		os.Exit(crashChild(spec))
	}
	leakcheck.VerifyTestMain(m)
}

// modeCase is one creation done by the umask child, with the mode the parent
// expects to stat.
type modeCase struct {
	name string
	want os.FileMode
	dir  bool
}

var modeCases = []modeCase{
	{"create-0600", 0o600, false},
	{"create-0644", 0o644, false},
	{"openfile-0640", 0o640, false},
	{"writefile-0600", 0o600, false},
	{"writefile-0666", 0o666, false},
	{"atomic-0600", 0o600, false},
	{"atomic-0644", 0o644, false},
	{"createtemp-0600", 0o600, false},
	{"createtemp-0640", 0o640, false},
	{"mkdir-0700", 0o700 | os.ModeDir, true},
	{"mkdir-0755", 0o755 | os.ModeDir, true},
	{"mkdirtemp-0700", 0o700 | os.ModeDir, true},
	{"mkdirall-0700", 0o700 | os.ModeDir, true},
	{"mkdirall-0700/sub", 0o700 | os.ModeDir, true},
}

// umaskChild creates every modeCase in dir under the umask given in
// FSMODE_TEST_UMASK, writing "case path" lines for the parent to stat.
func umaskChild(dir string) int {
	var mask int
	fmt.Sscanf(os.Getenv("FSMODE_TEST_UMASK"), "%o", &mask)
	syscall.Umask(mask) //tmplint:ignore filemode the umask under test, including 000
	for _, c := range modeCases {
		p := filepath.Join(dir, c.name)
		perm := c.want.Perm()
		var err error
		switch {
		case strings.HasPrefix(c.name, "create-"):
			var f *os.File
			if f, err = Create(p, perm); err == nil {
				err = f.Close()
			}
		case strings.HasPrefix(c.name, "openfile-"):
			var f *os.File
			if f, err = OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm); err == nil {
				err = f.Close()
			}
		case strings.HasPrefix(c.name, "writefile-"):
			err = WriteFile(p, []byte("x"), perm)
		case strings.HasPrefix(c.name, "atomic-"):
			err = WriteFileAtomic(p, []byte("x"), perm)
		case strings.HasPrefix(c.name, "createtemp-"):
			var f *os.File
			if f, err = CreateTemp(dir, c.name+"-*", perm); err == nil {
				p = f.Name()
				err = f.Close()
			}
		case strings.HasPrefix(c.name, "mkdirtemp-"):
			p, err = MkdirTemp(dir, c.name+"-*", perm)
		case strings.HasPrefix(c.name, "mkdirall-"):
			err = MkdirAll(p, perm)
		case strings.HasPrefix(c.name, "mkdir-"):
			err = Mkdir(p, perm)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, c.name, err)
			return 1
		}
		fmt.Printf("%s\t%s\n", c.name, p)
	}
	return 0
}

// TestExactModeWhateverUmask starts a child under umask 000 (and 077, and
// 027) that creates files and directories through every function of the
// package, then stats them from the parent: each has exactly the requested
// mode, neither widened by umask 000 nor narrowed by 077.
func TestExactModeWhateverUmask(t *testing.T) {
	for _, mask := range []string{"000", "077", "027"} {
		t.Run("umask"+mask, func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), envUmaskChild+"="+dir, "FSMODE_TEST_UMASK="+mask)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("child: %v\n%s", err, stderr.Bytes())
			}
			seen := 0
			for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
				name, path, _ := strings.Cut(line, "\t")
				var want os.FileMode
				for _, c := range modeCases {
					if c.name == name {
						want = c.want
					}
				}
				fi, err := os.Lstat(path)
				if err != nil {
					t.Fatal(err)
				}
				if fi.Mode() != want {
					t.Errorf("umask %s: %s: mode %v, want %v", mask, name, fi.Mode(), want)
				}
				seen++
			}
			if seen != len(modeCases) {
				t.Fatalf("child reported %d cases, want %d", seen, len(modeCases))
			}
		})
	}
}

// TestNoFollow plants a symlink at the name: creation fails instead of
// writing through the link, and the target keeps its content and mode.
func TestNoFollow(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if f, err := Create(link, 0o666); err == nil {
		f.Close()
		t.Fatal("Create followed a symlink")
	} else if !errors.Is(err, syscall.ELOOP) {
		t.Fatalf("Create: %v, want ELOOP", err)
	}
	if err := WriteFile(link, []byte("evil"), 0o666); err == nil {
		t.Fatal("WriteFile followed a symlink")
	}
	if err := WriteFileAtomic(link, []byte("new"), 0o600); err != nil {
		t.Fatal(err) // replaces the link itself, not the target
	}
	got, _ := os.ReadFile(target)
	fi, _ := os.Stat(target)
	if string(got) != "keep" || fi.Mode() != 0o600 {
		t.Fatalf("target changed: %q %v", got, fi.Mode())
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink != 0 {
		t.Fatal("WriteFileAtomic left the symlink in place")
	}
}

// TestCloexec checks that descriptors the package opens are close-on-exec.
func TestCloexec(t *testing.T) {
	dir := t.TempDir()
	f1, err := Create(filepath.Join(dir, "a"), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f1.Close()
	f2, err := CreateTemp(dir, "b*", 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f2.Close()
	for _, f := range []*os.File{f1, f2} {
		flags, err := unix.FcntlInt(f.Fd(), unix.F_GETFD, 0)
		if err != nil {
			t.Fatal(err)
		}
		if flags&unix.FD_CLOEXEC == 0 {
			t.Errorf("%s: not close-on-exec", f.Name())
		}
	}
}

// TestExistingModeSet checks that OpenFile with O_CREATE on an existing file
// sets the exact mode (the mode is part of the call's contract).
func TestExistingModeSet(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, nil, 0o644); err != nil { //tmplint:ignore filemode a wider existing mode the test narrows
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode() != 0o600 {
		t.Fatalf("mode %v, want 0600", fi.Mode())
	}
}

var atomicSteps = []string{"created", "written", "synced", "closed", "renamed", "dirsynced"}

// crashChild runs WriteFileAtomic and kills itself with SIGKILL at the step
// named in the spec "step\tpath".
func crashChild(spec string) int {
	step, path, _ := strings.Cut(spec, "\t")
	testHook = func(s string) {
		if s == step {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
	}
	if err := WriteFileAtomic(path, []byte("new content"), 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// TestWriteFileAtomicCrash kills a child with SIGKILL at every step of
// WriteFileAtomic: the destination always holds the old or the new content,
// whole, with mode 0600.
func TestWriteFileAtomicCrash(t *testing.T) {
	for _, step := range atomicSteps {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "config.json")
			if err := os.WriteFile(path, []byte("old content"), 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), envCrashChild+"="+step+"\t"+path)
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("child did not die of SIGKILL at %s: %v", step, err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if s := string(got); s != "old content" && s != "new content" {
				t.Fatalf("after crash at %s: content %q", step, s)
			}
			wantNew := step == "renamed" || step == "dirsynced"
			if wantNew != (string(got) == "new content") {
				t.Errorf("after crash at %s: content %q", step, got)
			}
			if fi, _ := os.Stat(path); fi.Mode() != 0o600 {
				t.Errorf("mode %v", fi.Mode())
			}
		})
	}
}
