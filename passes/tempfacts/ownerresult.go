package tempfacts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// Constructors of owners.
//
// A function of the package that creates a temp object and returns, on
// some path, a value it made itself with the object in a field
// ("return &handler{tempdir: dir}, nil") hands the obligation to its
// caller in that field: the caller holds the only owner, and a return of
// the caller that drops it (neither returned, stored, passed on nor
// released by removing the field) leaves the object on disk, as a return
// that drops an owner made in the function itself does (git-lfs's
// newHandler, whose caller removes handler.tempdir only after its loop).
// This is known for the functions of the package only: another package's
// caller could release the owner through methods whose facts say nothing
// about the field.

// An OwnerResult describes a constructor of an owner of a temp object.
type OwnerResult struct {
	Result int        // the result index of the owner
	Field  *types.Var // the field that holds the object itself
	Kind   Kind
	// DirParam is the parameter naming the object's parent directory, -1
	// if none; OtherDir says the constructor made it in a directory it
	// names itself that is no temp location.
	DirParam int
	OtherDir bool
}

// ReturnsOwner returns what fn, a function of the package, returns as an
// owner of a temp object it created, or nil.
func (r *Result) ReturnsOwner(fn *types.Func) *OwnerResult {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if o, ok := r.ownerResults[fn]; ok {
		return o
	}
	r.ownerResults[fn] = nil // recursion
	o := r.computeOwnerResult(fn)
	r.ownerResults[fn] = o
	return o
}

func (r *Result) computeOwnerResult(fn *types.Func) *OwnerResult {
	d := r.decls[fn]
	sig, g := r.resultsCFG(fn, d)
	if g == nil {
		return nil
	}
	var found *OwnerResult
	ast.PreorderStack(d.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found != nil {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(stack) == 0 {
			return true
		}
		c := r.Creation(call)
		if c == nil {
			return true
		}
		a := r.AssignOf(stack[len(stack)-1], c)
		if a == nil || r.Var(a.Object) == nil {
			return true
		}
		found = r.ownerReturned(d, sig, g, a)
		return true
	})
	return found
}

// ownerReturned finds a return reached by the assigned creation a before
// any release that hands the caller a composite literal holding the
// object in a field.
func (r *Result) ownerReturned(d *ast.FuncDecl, sig *types.Signature, g *cfg.CFG, a *Assign) *OwnerResult {
	obj := r.Var(a.Object)
	t := r.track(d, a.Creation.Kind, obj, nil, keepReturned, nil, r.Var(a.Name))
	leaks := pathflow.Leaks(&pathflow.Query{
		Info: r.info, CFG: g, Creation: a.Stmt, Err: r.Var(a.Err),
		Release: t.Release, Registers: r.Registers, Exit: r.exits.Kind,
		KeepReturned: true, Table: r.Table, Results: sig.Results(),
	})
	for _, l := range leaks {
		ret, ok := l.Node.(*ast.ReturnStmt)
		if !ok || l.Kind != pathflow.Return || len(ret.Results) != sig.Results().Len() {
			continue
		}
		for i, e := range ret.Results {
			f := t.compositeField(e)
			if f == nil || f.Pkg() != r.pkg {
				continue
			}
			o := &OwnerResult{Result: i, Field: f, Kind: a.Creation.Kind, DirParam: -1}
			if id, ok := ast.Unparen(a.Creation.DirArg).(*ast.Ident); ok {
				for j := 0; j < sig.Params().Len(); j++ {
					if r.info.Uses[id] == sig.Params().At(j) {
						o.DirParam = j
					}
				}
			}
			if o.DirParam < 0 {
				o.OtherDir = a.Creation.OtherDir || r.OtherDir(a.Creation.DirArg)
			}
			return o
		}
	}
	return nil
}

// TrackOwner returns the tracker of a temp object held in field of the
// owner a constructor of the package returned into holder, in the
// function fn.
func (r *Result) TrackOwner(fn ast.Node, kind Kind, holder, field *types.Var) *Tracker {
	t := r.track(fn, kind, nil, nil, Default, field)
	t.holders = map[*types.Var]bool{holder: true}
	t.ownerStores = []OwnerStore{{Owner: holder, Field: field, Direct: true}}
	if t.body != nil {
		t.propagate(t.aliasPairs(t.body))
	}
	return t
}
