package execfd

import (
	"go/ast"
	"go/types"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// What a function does with its *exec.Cmd and *os.File parameters, and
// whether it is a creator of fresh commands, is exported as facts, so that
// a helper of another package that only configures, reads from or waits for
// its argument is judged as one of the package's own: the caller keeps the
// duty when it borrows, and the call counts as a Start or a Wait when it
// starts or waits. A generic function's facts are those of its own body,
// on the function itself, which its importers find from the instance they
// call (Origin). A function of another package without a fact (an
// interface method, a function value, a variadic parameter or one whose
// type is a type parameter) still takes its argument.

// paramUses is the fact of a function that has *exec.Cmd or *os.File
// parameters: Uses[i] is what it does with parameter i (a paramUse), for
// those parameters; Known[i] says which were summarized.
type paramUses struct {
	Uses  []uint8
	Known []bool
}

func (*paramUses) AFact()         {}
func (*paramUses) String() string { return "paramUses" }

// cmdCreator is the fact of a function that returns a fresh command it
// has only configured (isCmdCreator).
type cmdCreator struct{}

func (*cmdCreator) AFact()         {}
func (*cmdCreator) String() string { return "cmdCreator" }

// exportFacts exports the facts of the package's exported functions and
// methods: the others are called from another package only as values,
// which facts do not follow.
func (c *checker) exportFacts(files []*ast.File) {
	info := c.pass.TypesInfo
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok || !fn.Exported() {
				continue // not callable from another package but as a value
			}
			sig := fn.Type().(*types.Signature)
			var fact *paramUses
			params := sig.Params()
			for i := range params.Len() {
				if sig.Variadic() && i == params.Len()-1 {
					break
				}
				t := params.At(i).Type()
				if !isCmd(t) && !pkgtypes.IsOSFile(t) {
					continue
				}
				if fact == nil {
					fact = &paramUses{Uses: make([]uint8, params.Len()), Known: make([]bool, params.Len())}
				}
				fact.Uses[i], fact.Known[i] = uint8(c.paramUse(fn, i)), true
			}
			if fact != nil {
				c.pass.ExportObjectFact(fn, fact)
			}
			if sig.Recv() == nil && c.isCmdCreator(fn) && c.createsReachable(sig) {
				c.pass.ExportObjectFact(fn, new(cmdCreator))
			}
		}
	}
}

// importedUse returns what the function of another package does with its
// parameter i, from its fact.
func (c *checker) importedUse(fn *types.Func, i int) (paramUse, bool) {
	var fact paramUses
	if fn.Pkg() == nil || !c.pass.ImportObjectFact(fn, &fact) || i >= len(fact.Known) || !fact.Known[i] {
		return 0, false
	}
	return paramUse(fact.Uses[i]), true
}

// createsReachable reports whether the command a creator returns is one
// another package follows: an *exec.Cmd, or a wrapper whose command it can
// reach (wrapper.go).
func (c *checker) createsReachable(sig *types.Signature) bool {
	for v := range sig.Results().Variables() {
		if isCmd(v.Type()) || c.reachableWrapper(v.Type()) {
			return true
		}
	}
	return false
}
