// Package unirun is tmplint's standalone driver: it runs analyzers over a
// package graph, one package at a time in dependency order, with results
// and facts cached on disk per package.
//
// It keeps what staticcheck's runner does well and uses its parts: the
// package graph as honnef.co/go/tools/go/loader lists it (go list -export,
// which the go command answers from its build cache), the cache of
// honnef.co/go/tools/lintcmd/cache, and the runner's record of a
// diagnostic. What it does differently is what made the runner slow on a
// cold run: the runner type-checks each package against a fresh copy of
// its imports, decoding their export data and every dependency's facts
// again for each package. Here the imports come from one universe of
// types per process, in which each package's export data is read once,
// and a dependency's facts are decoded once, onto those types. A package
// analyzed from source is dropped when its analysis ends; what later
// packages need of it is its export data, which the go command wrote, and
// its facts, a few bytes. README.md, "How the standalone driver works",
// has the measurements.
package unirun

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"honnef.co/go/tools/go/loader"
	"honnef.co/go/tools/lintcmd/cache"
)

// A Result is what the run found of one package of the graph.
type Result struct {
	Package *loader.PackageSpec
	// Initial packages match the patterns; the others are analyzed only
	// for the facts their dependents need, and have no diagnostics.
	Initial bool
	// Failed packages could not be analyzed: their own Errors say why,
	// or, when they have none, a dependency failed.
	Failed bool
	// Errors are the package's load or type errors, or its analyzers'.
	Errors      []error
	Diagnostics []Diagnostic
}

// Run lists the packages that patterns match, with their dependencies,
// and analyzes them: the matched ones with every analyzer, the others
// with those that export facts. A nil cache keeps nothing between runs.
// stats, if not nil, follows the run's progress.
func Run(cfg *packages.Config, analyzers []*analysis.Analyzer, patterns []string, c cache.Cache, stats *Stats) ([]Result, error) {
	if stats == nil {
		stats = new(Stats)
	}
	all := withRequirements(analyzers)
	registerFactTypes(all)
	r := &run{
		all:      all,
		factOnly: withRequirements(factAnalyzers(all)),
		cache:    c,
		universe: newUniverseForRun(),
		facts:    newFactStore(),
		stats:    stats,
		nodes:    make(map[*loader.PackageSpec]*node),
		binaries: make(map[string]*atomic.Int32),
	}

	stats.state.Store(int32(StateListing))
	specs, err := loader.Graph(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	r.asked = make(map[string]*atomic.Int32)
	for _, spec := range specs {
		n := r.node(spec)
		n.initial = true
		key := askedKey(spec)
		if r.asked[key] == nil {
			r.asked[key] = new(atomic.Int32)
		}
		r.asked[key].Add(1)
	}
	stats.asked.Store(int64(len(r.asked)))
	stats.total.Store(int64(len(r.nodes)))
	stats.state.Store(int32(StateAnalyzing))
	r.schedule()

	out := make([]Result, 0, len(r.nodes))
	for _, n := range r.nodes {
		out = append(out, Result{
			Package:     n.spec,
			Initial:     n.initial,
			Failed:      n.failed,
			Errors:      n.errs,
			Diagnostics: n.diags,
		})
	}
	slices.SortFunc(out, func(a, b Result) int { return strings.Compare(a.Package.ID, b.Package.ID) })
	return out, nil
}

// A run is the state of one call of Run.
type run struct {
	all, factOnly []*analysis.Analyzer
	cache         cache.Cache
	universe      *universe
	facts         *factStore
	stats         *Stats
	nodes         map[*loader.PackageSpec]*node
	// binaries counts, per test binary, its packages not yet done; the
	// universe's view of a test binary is released when it reaches 0.
	binaries map[string]*atomic.Int32
	// asked counts, per package the patterns match (its askedKey), its
	// variants not yet done.
	asked map[string]*atomic.Int32
	// alone is held for writing while a package larger than aloneBytes
	// is analyzed, for reading while any other is.
	alone sync.RWMutex
}

// aloneBytes is the size of source from which a package is analyzed with
// no other package in flight. Its syntax and type information take tens
// of times its size (cmd/compile/internal/ssa: 10 MB of generated code,
// 350 MB live), and a package and its test variant become ready at the
// same moment: on all of cmd, the two copies of ssa side by side made the
// peak 1.4 GB where one alone needs under 0.8 GB.
const aloneBytes = 8 << 20

// askedKey names the package that a matched package is a variant of: its
// path, without the _test of an external test package or the .test of
// the generated test main.
func askedKey(spec *loader.PackageSpec) string {
	return strings.TrimSuffix(strings.TrimSuffix(spec.PkgPath, ".test"), "_test")
}

// A node is one package of the graph, and what analyzing it gave.
type node struct {
	spec       *loader.PackageSpec
	binary     string // the test binary whose variant it is, or ""
	initial    bool
	deps       []*node // sorted by ID: their order is part of the cache key
	dependents []*node
	pending    atomic.Int32

	failed bool
	errs   []error
	diags  []Diagnostic
	// facts are the package's own facts, encoded; factsHash covers them
	// and its dependencies' factsHash, so that a dependent's cache key
	// changes whenever a fact it could see changes.
	facts     []byte
	factsHash cache.ActionID
}

func (r *run) node(spec *loader.PackageSpec) *node {
	if n := r.nodes[spec]; n != nil {
		return n
	}
	n := &node{spec: spec, binary: r.universe.testBinary(spec)}
	r.nodes[spec] = n
	if n.binary != "" {
		if r.binaries[n.binary] == nil {
			r.binaries[n.binary] = new(atomic.Int32)
		}
		r.binaries[n.binary].Add(1)
	}
	if len(spec.Errors) > 0 {
		// A package the go command could not list is not analyzed,
		// and neither are its imports on its account.
		n.failed = true
		for _, e := range spec.Errors {
			n.errs = append(n.errs, e)
		}
		return n
	}
	for _, imp := range spec.Imports {
		dep := r.node(imp)
		n.deps = append(n.deps, dep)
		dep.dependents = append(dep.dependents, n)
	}
	slices.SortFunc(n.deps, func(a, b *node) int { return strings.Compare(a.spec.ID, b.spec.ID) })
	n.pending.Store(int32(len(n.deps)))
	return n
}

// schedule analyzes every node after its dependencies, on as many
// goroutines as the process may run at once.
func (r *run) schedule() {
	ready := make(chan *node, len(r.nodes))
	for _, n := range r.nodes {
		if n.pending.Load() == 0 {
			ready <- n
		}
	}
	var left sync.WaitGroup
	left.Add(len(r.nodes))
	var workers sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for n := range ready {
				r.process(n)
				r.stats.done.Add(1)
				if n.initial && r.asked[askedKey(n.spec)].Add(-1) == 0 {
					r.stats.answered.Add(1)
				}
				if n.binary != "" && r.binaries[n.binary].Add(-1) == 0 {
					r.facts.forget(r.universe.release(n.binary))
				}
				for _, d := range n.dependents {
					if d.pending.Add(-1) == 0 {
						ready <- d
					}
				}
				left.Done()
			}
		}()
	}
	left.Wait()
	close(ready)
	workers.Wait()
}

// process analyzes n, or finds its results in the cache. A panic (a bug
// in the driver, or in the type checker on strange input) fails n, with
// the panic as its error, not the run.
func (r *run) process(n *node) {
	defer func() {
		if p := recover(); p != nil {
			n.failed = true
			n.errs = append(n.errs, fmt.Errorf("internal error: %v\n%s", p, debug.Stack()))
		}
	}()
	if n.failed {
		return
	}
	for _, dep := range n.deps {
		if dep.failed {
			n.failed = true // the dependency names the cause
			return
		}
	}
	key := r.key(n)
	if r.fromCache(n, key) {
		n.factsHash = factsHash(n)
		return
	}
	// Every package is analyzed, however large its files: staticcheck's
	// runner skips one with a file of 50 MiB or more (loader.MaxFileSize),
	// which made a package with a big generated file vanish from the run.
	// A large package is analyzed alone instead, to bound the memory.
	if sourceSize(n.spec) >= aloneBytes {
		r.alone.Lock()
		defer r.alone.Unlock()
	} else {
		r.alone.RLock()
		defer r.alone.RUnlock()
	}
	if err := r.analyze(n); err != nil {
		n.failed = true
		n.errs = append(n.errs, err)
		return
	}
	n.factsHash = factsHash(n)
	if !n.failed && len(n.errs) == 0 {
		r.toCache(n, key)
	}
}

// analyze type-checks n from source and runs the analyzers over it.
func (r *run) analyze(n *node) error {
	imports, err := r.universe.closure(n.spec)
	if err != nil {
		return err
	}
	for _, p := range imports {
		dep := r.nodes[r.universe.specOf(p)]
		if dep == nil {
			continue
		}
		if err := r.facts.load(p, dep.facts); err != nil {
			return err
		}
	}
	pkg, err := loadSource(r.universe, n.spec)
	if err != nil {
		return err
	}
	if len(pkg.errs) > 0 {
		n.failed = true
		n.errs = pkg.errs
		return nil
	}
	diags, local, errs := analyzePackage(pkg, r.analyzersFor(n), r.facts, n.initial)
	// The diagnostics hold their positions resolved: the files' line
	// tables need not stay in the run's file set to its end.
	for _, f := range pkg.syntax {
		if tf := r.universe.fset.File(f.FileStart); tf != nil {
			r.universe.fset.RemoveFile(tf)
		}
	}
	n.diags = diags
	if n.initial {
		n.errs = append(n.errs, errs...)
	}
	n.facts, err = local.encode(pkg.types)
	return err
}

// key is the cache key of n's results: its content and its dependencies'
// (which the listing hashed), the analyzers that run on it, the facts it
// can see, and what else changes how code is type-checked. The salt that
// the caller set names the tmplint binary and the analyzers' flags.
func (r *run) key(n *node) cache.ActionID {
	h := cache.NewHash("tmplint " + n.spec.PkgPath)
	fmt.Fprintf(h, "pkg %x\n", n.spec.Hash)
	fmt.Fprintf(h, "initial %v\n", n.initial)
	for _, a := range r.analyzersFor(n) {
		fmt.Fprintf(h, "analyzer %s\n", a.Name)
	}
	fmt.Fprintf(h, "go %s\n", runtime.Version())
	fmt.Fprintf(h, "env godebug %q\n", os.Getenv("GODEBUG"))
	for _, dep := range n.deps {
		fmt.Fprintf(h, "dep %s %x\n", dep.spec.ID, dep.factsHash)
	}
	return h.Sum()
}

// analyzersFor returns the analyzers that run on n: all of them on a
// package the patterns match, those with facts on a dependency.
func (r *run) analyzersFor(n *node) []*analysis.Analyzer {
	if n.initial {
		return r.all
	}
	return r.factOnly
}

// sourceSize returns the total size of spec's files, as far as they can
// be read; a file that cannot is an error of the analysis that follows.
func sourceSize(spec *loader.PackageSpec) (total int64) {
	for _, name := range spec.CompiledGoFiles {
		if fi, err := os.Stat(name); err == nil {
			total += fi.Size()
		}
	}
	return total
}

func factsHash(n *node) cache.ActionID {
	h := cache.NewHash("facts " + n.spec.ID)
	fmt.Fprintf(h, "own %d\n", len(n.facts))
	h.Write(n.facts)
	for _, dep := range n.deps {
		fmt.Fprintf(h, "dep %s %x\n", dep.spec.ID, dep.factsHash)
	}
	return h.Sum()
}

// fromCache fills in n's facts and, for an initial package, its
// diagnostics from the cache, and says whether it could.
func (r *run) fromCache(n *node, key cache.ActionID) bool {
	if r.cache == nil {
		return false
	}
	facts, _, err := cache.GetBytes(r.cache, cache.Subkey(key, "facts"))
	if err != nil {
		return false
	}
	var diags []Diagnostic
	if n.initial {
		data, _, err := cache.GetBytes(r.cache, cache.Subkey(key, "results"))
		if err != nil {
			return false
		}
		if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&diags); err != nil {
			return false
		}
	}
	n.facts, n.diags = facts, diags
	return true
}

// toCache records n's facts and diagnostics. A cache that cannot be
// written costs the next run its speed, not this run its results.
func (r *run) toCache(n *node, key cache.ActionID) {
	if r.cache == nil {
		return
	}
	if n.initial {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(n.diags); err != nil {
			return
		}
		if err := cache.PutBytes(r.cache, cache.Subkey(key, "results"), buf.Bytes()); err != nil {
			return
		}
	}
	cache.PutBytes(r.cache, cache.Subkey(key, "facts"), n.facts)
}

// withRequirements returns as and what they require, each once, every
// analyzer after those it requires.
func withRequirements(as []*analysis.Analyzer) []*analysis.Analyzer {
	seen := make(map[*analysis.Analyzer]bool)
	var out []*analysis.Analyzer
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			visit(req)
		}
		out = append(out, a)
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

// factAnalyzers returns the analyzers of as that export facts.
func factAnalyzers(as []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, a := range as {
		if len(a.FactTypes) > 0 {
			out = append(out, a)
		}
	}
	return out
}
