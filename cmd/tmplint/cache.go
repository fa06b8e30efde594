package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"golang.org/x/tools/go/analysis"
	"honnef.co/go/tools/go/buildid"
	"honnef.co/go/tools/lintcmd/cache"
)

// cacheEnv names the environment variable that moves the result cache (an
// absolute directory) or, set to "off", keeps nothing between runs. The
// -cache flag overrides it.
const cacheEnv = "TMPLINT_CACHE"

// cacheOff is the -cache or $TMPLINT_CACHE value that disables the cache.
const cacheOff = "off"

// cacheDir returns the directory of the result cache: flagValue, else
// $TMPLINT_CACHE, else tmplint/ in the user cache directory
// ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
// %LocalAppData% on Windows). "off" is returned as is.
func cacheDir(flagValue string) (string, error) {
	dir := flagValue
	if dir == "" {
		dir = os.Getenv(cacheEnv)
	}
	if dir == cacheOff {
		return dir, nil
	}
	if dir != "" {
		return filepath.Abs(dir)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (%v): set %s to a directory, or to %q", err, cacheEnv, cacheOff)
	}
	return filepath.Join(base, "tmplint"), nil
}

// openCache opens the result cache that the -cache flag, $TMPLINT_CACHE or
// the default names; with the cache off it returns a nil cache, and the
// run keeps its facts in memory only.
//
// A directory the user named must work, or the run fails: they asked for
// it. The default one is only a convenience: where it cannot be made (a
// read-only or unset HOME, as CI jobs and supervisors start us), the run
// goes on without a cache, as with "off", and warning says why, so that
// the caller can tell the user once.
func openCache(flagValue string) (c cache.Cache, closeCache func(), warning string, err error) {
	named := flagValue != "" || os.Getenv(cacheEnv) != ""
	dir, err := cacheDir(flagValue)
	if err == nil && dir == cacheOff {
		return nil, func() {}, "", nil
	}
	if err == nil {
		c, closeCache, err = openCacheDir(dir, !named)
		if err == nil {
			return c, closeCache, "", nil
		}
	}
	if named {
		return nil, nil, "", err
	}
	warning = fmt.Sprintf("no result cache, this run keeps nothing: %v (set %s to a writable directory, or to %q)", err, cacheEnv, cacheOff)
	return nil, func() {}, warning, nil
}

// openCacheDir makes and opens the cache in dir; its close function trims
// entries unused for days, at most once a day. Parents are made only for
// the default directory (parents true): of a directory the user named,
// only the last element is made, so that a mistyped path fails instead of
// growing a tree where it points.
func openCacheDir(dir string, parents bool) (cache.Cache, func(), error) {
	mkdir := os.Mkdir
	if parents {
		mkdir = os.MkdirAll
	}
	if err := mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, fmt.Errorf("cache %s: its parent directory %s does not exist", dir, filepath.Dir(dir))
		}
		return nil, nil, fmt.Errorf("cache %s: %v", dir, err)
	}
	dc, err := cache.Open(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("cache %s: %v", dir, err)
	}
	return dc, dc.Trim, nil
}

// saltCache makes every cache key depend on the tmplint binary and on the
// analyzers' flags (the profile, the modes of policy, …); the driver keys
// each package by its content, its dependencies' facts, the Go version and
// the set of analyzers, but knows nothing of flags.
func saltCache(as []*analysis.Analyzer) error {
	id, err := binaryID()
	if err != nil {
		return fmt.Errorf("cache: identifying the tmplint binary: %v", err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "tmplint %s\n", id)
	for _, a := range allAnalyzers(as) {
		var flags []string
		a.Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, f.Name+"="+f.Value.String()) })
		sort.Strings(flags)
		fmt.Fprintf(h, "analyzer %s %q\n", a.Name, flags)
	}
	cache.SetSalt(h.Sum(nil))
	return nil
}

// binaryID identifies the running executable by the build ID the Go
// linker writes into it (a hash of its inputs), or else by a hash of its
// content.
func binaryID() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if id, err := buildid.ReadFile(exe); err == nil && id != "" {
		return id, nil
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}

// allAnalyzers returns as and everything they require, each once, sorted
// by name.
func allAnalyzers(as []*analysis.Analyzer) []*analysis.Analyzer {
	seen := make(map[*analysis.Analyzer]bool)
	var out []*analysis.Analyzer
	var visit func(as []*analysis.Analyzer)
	visit = func(as []*analysis.Analyzer) {
		for _, a := range as {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
				visit(a.Requires)
			}
		}
	}
	visit(as)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
