package filemode

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// The root that makes a socket's tree private is often made private in
// another package than the one that builds the socket's path: a
// constructor of a library makes its root parameter 0o700
// (os.MkdirAll(root, 0o700)), and the program hands it a global option,
// read by name, that it reads again elsewhere to build the socket's path
// (runc: libcontainer.Create(context.GlobalString("root"), ...) and
// filepath.Join(context.GlobalString("root"), id, "notify",
// "notify.sock")). Two facts carry that across:
//
//   - privateParams on a function: which of its parameters it makes
//     private, itself or by passing them to a function that does. The
//     arguments of its calls are then private roots of the caller.
//   - a lookup by constant key (a call whose only arguments are constants
//     and whose one result is a string, as ctx.GlobalString("root") or
//     os.Getenv("DIR")) reads one setting: every such call with the same
//     callee and the same constants yields the same path, so one made
//     private makes the others private.

// privateParams is the fact of a function that makes some of its path
// parameters private: How[i] is a privateHow, 0 when parameter i is not.
type privateParams struct {
	How []uint8
}

func (*privateParams) AFact() {}

func (f *privateParams) String() string {
	var idx []string
	for i, h := range f.How {
		if h != 0 {
			idx = append(idx, fmt.Sprint(i))
		}
	}
	return "privateParams(" + strings.Join(idx, ",") + ")"
}

// paramsMadePrivate returns how the function makes each of its parameters
// private: from its fact (another package) or the roots found so far
// (this package).
func (c *checker) paramsMadePrivate(fn *types.Func) []privateHow {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	if fn.Pkg() != c.pass.Pkg {
		var f privateParams
		if !c.pass.ImportObjectFact(fn.Origin(), &f) {
			return nil
		}
		how := make([]privateHow, len(f.How))
		for i, h := range f.How {
			how[i] = privateHow(h)
		}
		return how
	}
	var how []privateHow
	for i := range sig.Params().Len() {
		if h, ok := c.ancestry.roots[sig.Params().At(i)]; ok {
			if how == nil {
				how = make([]privateHow, sig.Params().Len())
			}
			how[i] = h
		}
	}
	return how
}

// privateArguments marks, to a fixed point, the arguments of calls of
// functions that make the matching parameter private.
func (c *checker) privateArguments() {
	info := c.pass.TypesInfo
	for changed := true; changed; {
		changed = false
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn, ok := typeutil.Callee(info, call).(*types.Func)
				if !ok || fn.Pkg() == nil || call.Ellipsis.IsValid() {
					return true
				}
				for i, how := range c.paramsMadePrivate(fn) {
					if how != 0 && i < len(call.Args) && c.markPrivate(call.Args[i], how) {
						changed = true
					}
				}
				return true
			})
		}
	}
	for v, how := range c.ancestry.roots {
		if v, ok := v.(*types.Var); ok {
			for _, e := range c.storedValues()[v] {
				if key, ok := c.lookupKey(e); ok && c.ancestry.keys[key] < how {
					c.ancestry.keys[key] = how
				}
			}
		}
	}
}

// exportPrivateParams exports privateParams for the package's exported
// functions and methods that make a parameter private: the others are
// called from another package only as values, which facts do not follow.
func (c *checker) exportPrivateParams() {
	roots := c.privateRoots()
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || !fn.Exported() {
				continue
			}
			params := fn.Type().(*types.Signature).Params()
			fact := &privateParams{How: make([]uint8, params.Len())}
			any := false
			for i := range params.Len() {
				if how, ok := roots[params.At(i)]; ok {
					fact.How[i], any = uint8(how), true
				}
			}
			if any {
				c.pass.ExportObjectFact(fn, fact)
			}
		}
	}
}

// lookupKey returns a key naming the setting that e reads, when e is a
// lookup by constant key: a call of a function or method whose arguments
// are all constants (at least one) and whose only result is a string.
func (c *checker) lookupKey(e ast.Expr) (string, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	info := c.pass.TypesInfo
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return "", false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 {
		return "", false
	}
	if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return "", false
	}
	key := fn.Origin().FullName()
	for _, a := range call.Args {
		tv, ok := info.Types[a]
		if !ok || tv.Value == nil {
			return "", false
		}
		key += "\x00" + tv.Value.ExactString()
	}
	return key, true
}
