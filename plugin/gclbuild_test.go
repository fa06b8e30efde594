package plugin_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// golangciVersion is the golangci-lint release the plugin is built into. Its
// go.mod pins the versions of x/tools, honnef.co/go/tools and
// plugin-module-register that ours must not exceed.
const golangciVersion = "v2.15.0"

const golangciModule = "github.com/golangci/golangci-lint/v2"

// customGolangci returns the path of a golangci-lint binary with the tmplint
// plugin built in, building it if the cache does not hold one for this
// golangci-lint version and this source tree.
//
// It does what `golangci-lint custom` does, without its git clone of
// golangci-lint from GitHub: it copies the release's source from the
// module cache (fetched through the module proxy), adds a plugins.go with a
// blank import of the plugin, points the tmplint module at the repository
// with a replace directive, and builds ./cmd/golangci-lint.
func customGolangci(t *testing.T, repo string) string {
	t.Helper()
	hash, err := sourceHash(repo)
	if err != nil {
		t.Fatal(err)
	}
	cache, err := cacheDir()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(cache, fmt.Sprintf("golangci-lint-%s-tmplint-%s", golangciVersion, hash[:16]))
	if _, err := os.Stat(bin); err == nil {
		t.Logf("using cached %s", bin)
		return bin
	}

	start := time.Now()
	src, err := moduleDir(golangciModule + "@" + golangciVersion)
	if err != nil {
		t.Fatal(err)
	}
	build := t.TempDir()
	if err := copyTree(src, build); err != nil {
		t.Fatal(err)
	}
	plugins := "package main\n\nimport _ \"github.com/tmplint/tmplint/plugin\"\n"
	if err := os.WriteFile(filepath.Join(build, "cmd", "golangci-lint", "plugins.go"), []byte(plugins), 0o600); err != nil {
		t.Fatal(err)
	}
	addPlugin(t, build, repo)
	// -mod=mod adds the go.sum lines the plugin's packages need; the
	// requirement graph is otherwise unchanged because the plugin pins
	// nothing newer than golangci-lint does (TestDependenciesNotNewer).
	tmp := filepath.Join(cache, fmt.Sprintf(".tmp-%d", os.Getpid()))
	// As golangci-lint custom does: main.date must be set for main.version
	// to be used.
	ldflags := fmt.Sprintf("-s -w -X main.version=%s -X main.date=%s",
		versionString(hash), time.Now().UTC().Format(time.RFC3339))
	goCmd(t, build, "build", "-mod=mod", "-trimpath", "-ldflags", ldflags, "-o", tmp, "./cmd/golangci-lint")
	if err := os.Rename(tmp, bin); err != nil {
		os.Remove(tmp)
		t.Fatal(err)
	}
	t.Logf("built %s in %s", bin, time.Since(start).Round(time.Second))
	pruneCache(t, cache, 3)
	return bin
}

// pruneCache removes all but the keep most recent binaries from the cache
// (each is about 50 MB, and every source change makes a new one).
func pruneCache(t *testing.T, cache string, keep int) {
	entries, err := filepath.Glob(filepath.Join(cache, "golangci-lint-*-tmplint-*"))
	if err != nil {
		return
	}
	type bin struct {
		path string
		mod  time.Time
	}
	var bins []bin
	for _, e := range entries {
		if fi, err := os.Stat(e); err == nil {
			bins = append(bins, bin{e, fi.ModTime()})
		}
	}
	sort.Slice(bins, func(i, j int) bool { return bins[i].mod.After(bins[j].mod) })
	for i := keep; i < len(bins); i++ {
		if err := os.Remove(bins[i].path); err == nil {
			t.Logf("pruned %s", bins[i].path)
		}
	}
}

// versionString is the version the custom binary reports.
func versionString(hash string) string {
	return fmt.Sprintf("%s-custom-gcl-tmplint-%s", strings.TrimPrefix(golangciVersion, "v"), hash[:16])
}

// goCmd runs the go command in dir, failing the test with its output.
func goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-buildvcs=false")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// addPlugin makes the golangci-lint module in dir require the tmplint
// module at repo.
func addPlugin(t *testing.T, dir, repo string) {
	t.Helper()
	goCmd(t, dir, "mod", "edit",
		"-require", "github.com/tmplint/tmplint@v0.0.0",
		"-replace", "github.com/tmplint/tmplint="+repo)
}

// cacheDir returns the directory for built binaries: $TMPLINT_GCL_CACHE,
// else tmplint-gcl under the user cache directory ($XDG_CACHE_HOME or
// ~/.cache).
func cacheDir() (string, error) {
	dir := os.Getenv("TMPLINT_GCL_CACHE")
	if dir == "" {
		base := os.Getenv("XDG_CACHE_HOME")
		if base == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", err
			}
			base = filepath.Join(home, ".cache")
		}
		dir = filepath.Join(base, "tmplint-gcl")
	}
	return dir, os.MkdirAll(dir, 0o700)
}

// moduleDir downloads a module version through the module proxy (or finds
// it in the module cache) and returns its directory.
func moduleDir(modVersion string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", modVersion)
	cmd.Dir = os.TempDir() // outside any module
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %v\n%s", modVersion, err, out)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil {
		return "", err
	}
	if info.Error != "" || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %s", modVersion, info.Error)
	}
	return info.Dir, nil
}

// copyTree copies the regular files under src to dst, writable by the
// owner (the module cache is read-only).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o700)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
}

// sourceHash hashes what goes into the plugin's build: every .go file of
// the repository outside testdata and hidden directories, and go.mod and
// go.sum.
func sourceHash(repo string) (string, error) {
	var files []string
	err := filepath.WalkDir(repo, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != repo && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") || (filepath.Dir(path) == repo && (name == "go.mod" || name == "go.sum")) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(repo, f)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
