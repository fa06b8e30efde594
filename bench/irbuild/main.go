// Command irbuild measures what an SSA-form IR costs on a corpus: for each
// package it builds golang.org/x/tools/go/ssa and honnef.co/go/tools/go/ir
// from the same syntax and type information, interleaved, and prints the
// build times, the instructions made and the heap allocated by each. It is
// the measurement behind the choice of IR for the ownership analysis
// (issue 25).
//
//	go run ./bench/irbuild [-runs N] [packages]   (default: std)
package main

import (
	"flag"
	"fmt"
	"go/types"
	"log"
	"os"
	"runtime"
	"sort"
	"time"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"honnef.co/go/tools/go/ir"
)

func main() {
	runs := flag.Int("runs", 3, "builds per package and IR; the median is kept")
	flag.Parse()
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"std"}
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		log.Fatal(err)
	}
	var totSSA, totIR time.Duration
	var allocSSA, allocIR uint64
	var instrSSA, instrIR int
	n := 0
	for _, p := range pkgs {
		if len(p.Errors) > 0 || p.Types == nil {
			continue
		}
		n++
		d, a, k := median(*runs, func() int { return buildSSA(p) })
		totSSA += d
		allocSSA += a
		instrSSA += k
		d, a, k = median(*runs, func() int { return buildIR(p) })
		totIR += d
		allocIR += a
		instrIR += k
	}
	fmt.Printf("packages: %d (%s), GOMAXPROCS %d\n", n, patterns, runtime.GOMAXPROCS(0))
	fmt.Printf("%-8s %10s %12s %12s\n", "IR", "build", "allocated", "instrs")
	fmt.Printf("%-8s %10s %10.0fMB %12d\n", "go/ssa", totSSA.Round(time.Millisecond), float64(allocSSA)/1e6, instrSSA)
	fmt.Printf("%-8s %10s %10.0fMB %12d\n", "go/ir", totIR.Round(time.Millisecond), float64(allocIR)/1e6, instrIR)
	fmt.Printf("go/ir / go/ssa: time %.2f, allocated %.2f\n", float64(totIR)/float64(totSSA), float64(allocIR)/float64(allocSSA))
}

// median runs build n times and returns its median time, with the bytes
// allocated and the instructions made by one build.
func median(n int, build func() int) (time.Duration, uint64, int) {
	var ds []time.Duration
	var alloc uint64
	var instrs int
	for i := 0; i < n; i++ {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		t := time.Now()
		instrs = build()
		ds = append(ds, time.Since(t))
		runtime.ReadMemStats(&after)
		alloc = after.TotalAlloc - before.TotalAlloc
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2], alloc, instrs
}

// buildSSA builds the package's go/ssa form as buildssa does: the imports
// are created from their types alone, the package from its syntax.
func buildSSA(p *packages.Package) int {
	prog := ssa.NewProgram(p.Fset, ssa.InstantiateGenerics)
	created := map[*types.Package]bool{}
	var create func([]*types.Package)
	create = func(ps []*types.Package) {
		for _, q := range ps {
			if !created[q] {
				created[q] = true
				prog.CreatePackage(q, nil, nil, true)
				create(q.Imports())
			}
		}
	}
	create(p.Types.Imports())
	sp := prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false)
	sp.Build()
	n := 0
	for _, fn := range declared(p) {
		if f := prog.FuncValue(fn); f != nil {
			n += countSSA(f)
		}
	}
	return n
}

// declared returns the functions and methods declared in the package's
// syntax that are not generic (their bodies are built per instance).
func declared(p *packages.Package) []*types.Func {
	var fns []*types.Func
	for _, obj := range p.TypesInfo.Defs {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.TypeParams() != nil || sig.RecvTypeParams() != nil {
			continue
		}
		fns = append(fns, fn)
	}
	return fns
}

func countSSA(f *ssa.Function) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Instrs)
	}
	for _, a := range f.AnonFuncs {
		n += countSSA(a)
	}
	return n
}

// buildIR builds the package's honnef.co/go/tools/go/ir form the same way.
func buildIR(p *packages.Package) int {
	prog := ir.NewProgram(p.Fset, 0)
	created := map[*types.Package]bool{}
	var create func([]*types.Package)
	create = func(ps []*types.Package) {
		for _, q := range ps {
			if !created[q] {
				created[q] = true
				prog.CreatePackage(q, nil, nil, true)
				create(q.Imports())
			}
		}
	}
	create(p.Types.Imports())
	ip := prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false)
	ip.Build()
	n := 0
	for _, fn := range declared(p) {
		if f := prog.FuncValue(fn); f != nil {
			n += countIR(f)
		}
	}
	return n
}

func countIR(f *ir.Function) int {
	n := 0
	for _, b := range f.Blocks {
		n += len(b.Instrs)
	}
	for _, a := range f.AnonFuncs {
		n += countIR(a)
	}
	return n
}

func init() { log.SetFlags(0); log.SetOutput(os.Stderr) }
