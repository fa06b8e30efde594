package pathflow_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/cfg"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// Each function creates a resource with "r, err := create()" (or
// "r := create()"); release(r) releases it, rename(r) releases it when its
// error is nil, cleanup(f) registers f like t.Cleanup, exit() ends the
// process, fatal() unwinds like t.Fatal. The comment before each function
// lists the expected leaks as kind@line-offset-from-func.
const src = `package p

func create() (int, error)
func release(int)
func rename(int) error
func cleanup(func())
func exit()
func fatal()
func cond() bool
func use(int)
func isFailure(error) bool
func ptr() (*int, error)
func check() error

type pathError struct{}

func (*pathError) Error() string { return "" }

// A release deferred under the named error result runs only at returns
// that may set it: "return nil" skips it.
// want: return@10
func guardedResult() (err error) {
	r, e := create()
	if e != nil {
		return e
	}
	defer func() {
		if err != nil {
			release(r)
		}
	}()
	return nil
}

// want:
func guardedResultFails() (err error) {
	r, e := create()
	if e != nil {
		return e
	}
	defer func() {
		if err != nil {
			release(r)
		}
	}()
	return &pathError{}
}

// Guarded by a local error the path has found nil since its last write.
// want: return@15
func guardedLocal() error {
	var err error
	r, err2 := create()
	if err2 != nil {
		return err2
	}
	defer func() {
		if err != nil {
			release(r)
		}
	}()
	err = check()
	if err != nil {
		return err
	}
	return nil
}

// want:
func released() {
	r, err := create()
	if err != nil {
		return
	}
	release(r)
}

// want: return@5
func errEqNil() {
	r, err := create()
	if err == nil {
		use(r)
	}
}

// want: return@4
func someReturn() {
	r, err := create()
	if err != nil { return }
	if cond() {
		return
	}
	release(r)
}

// want:
func deferred() {
	r, err := create()
	if err != nil { return }
	defer release(r)
	if cond() { fatal() }
	if cond() { panic(1) }
}

// want: process exit@4
func deferredExit() {
	r, err := create()
	if err != nil { exit() }
	defer release(r)
	exit()
}

// want: goexit@2
func fatalBeforeCleanup() {
	r, _ := create()
	if cond() { fatal() }
	cleanup(func() { release(r) })
}

// want:
func closureVar() {
	r, _ := create()
	done := func() { release(r) }
	other := done
	defer other()
}

// want: return@4
func closureNeverCalled() {
	r, _ := create()
	done := func() { release(r) }
	_ = done
}

// want: reentry@2 return@6
func loop() {
	for cond() {
		r, _ := create()
		if cond() { continue }
		release(r)
	}
}

// want:
func loopDeferred() {
	for cond() {
		r, _ := create()
		defer release(r)
	}
}

// want: return@3
func renameFailure() int {
	r, _ := create()
	if err := rename(r); err != nil {
		return 1
	}
	return 0
}

// want:
func renameFailureCleaned() int {
	r, _ := create()
	if err := rename(r); err != nil {
		release(r)
		return 1
	}
	return 0
}

// want:
func renameUnchecked() {
	r, _ := create()
	_ = rename(r)
}

// want: return@3
func errReassigned() {
	r, err := create()
	err = rename(0)
	if err != nil { return }
	release(r)
}

// want:
func goroutine() {
	r, _ := create()
	go func() { release(r) }()
}

// want:
func immediatelyCalled() {
	r, _ := create()
	func() { defer release(r) }()
}

// want:
func disjunction() {
	r, err := create()
	if cond() || err != nil {
		fatal()
	}
	defer release(r)
}

// want:
func conjunction() {
	r, err := create()
	if err == nil && cond() {
		release(r)
	}
}

// want:
func ownedFlag() {
	r, err := create()
	owned := err == nil
	use(0)
	if owned {
		release(r)
	}
}

// want: return@7
func ownedFlagReassigned() {
	r, err := create()
	owned := err == nil
	owned = cond()
	if owned {
		release(r)
	}
}

// want:
func ownedNegated() {
	r, err := create()
	failed := err != nil || cond()
	if !failed {
		release(r)
		return
	}
	if err == nil {
		release(r)
	}
}

// want:
func ownedDisjunction() {
	r, err := create()
	ok := err == nil || cond()
	if ok {
		release(r)
	}
}

// want: return@6
func ownedConjunction() {
	r, err := create()
	ok := err == nil && cond()
	if ok {
		release(r)
	}
}

// want:
func ownedConstant() {
	r, err := create()
	done := false
	if err != nil {
		return
	}
	done = true
	if done {
		release(r)
	}
}

// want: return@7
func ownedCaptured() {
	r, err := create()
	owned := err == nil
	func() { owned = true }()
	if owned {
		release(r)
	}
}

// want:
func errThenWait() {
	r, err := create()
	if err == nil {
		err = rename(r)
	}
	use(0)
}

// want:
func predicate() {
	r, err := create()
	if isFailure(err) {
		return
	}
	if err != nil {
		return
	}
	release(r)
}

// want: return@3
func predicateFalseBranch() {
	r, err := create()
	if !isFailure(err) {
		return
	}
	release(r)
}

// want:
func commaOK() {
	r, err := create()
	if _, ok := err.(*pathError); ok {
		return
	}
	if err != nil {
		return
	}
	release(r)
}

// want:
func objNil() {
	p, _ := ptr()
	if p == nil {
		return
	}
	release(*p)
}

// want: return@4
func objNilReassigned() {
	p, _ := ptr()
	p = nil
	if p == nil {
		return
	}
	release(*p)
}

// want:
func objDerived() {
	p, _ := ptr()
	have := p != nil
	if have {
		release(*p)
	}
}

// want: return@4
func selectCase(ch chan int) {
	r, _ := create()
	switch {
	case cond():
		return
	}
	release(r)
}

var keepFlag *bool
var otherFlag *bool

func setFlags()

// want:
func repeatedLocal() {
	r, _ := create()
	keep := cond()
	if keep {
		use(r)
	}
	if !keep {
		release(r)
		return
	}
	if keep {
		release(r)
	}
}

// want: return@11
func repeatedLocalReassigned() {
	r, _ := create()
	keep := cond()
	if !keep {
		release(r)
		return
	}
	keep = cond()
	if keep {
		release(r)
	}
}

// want: return@11
func repeatedLocalAddressTaken() {
	r, _ := create()
	keep := cond()
	p := &keep
	if !*p {
		release(r)
		return
	}
	if keep {
		release(r)
	}
}

// want:
func repeatedFlag() {
	r, _ := create()
	if !*keepFlag {
		defer release(r)
	}
	if *keepFlag && r > 0 {
		release(r)
		return
	}
	if *keepFlag {
		release(r)
	}
}

// want: return@8
func repeatedConjunction() {
	r, _ := create()
	if !*keepFlag && r > 0 {
		defer release(r)
	}
	if *keepFlag {
		release(r)
	}
}

// want: return@9
func repeatedFlagCall() {
	r, _ := create()
	if !*keepFlag {
		defer release(r)
	}
	setFlags()
	if *keepFlag {
		release(r)
	}
}

// want: return@9
func repeatedFlagStore() {
	r, _ := create()
	if !*keepFlag {
		defer release(r)
	}
	*otherFlag = true
	if *keepFlag {
		release(r)
	}
}

type state struct{ done bool }

// want: return@11
func repeatedCaptured() {
	r, _ := create()
	var st state
	finish := func() { st.done = true }
	if !st.done {
		defer release(r)
	}
	finish()
	if st.done {
		release(r)
	}
}

// want:
func repeatedField(o struct{ keep bool }) {
	r, _ := create()
	if o.keep == false {
		defer release(r)
	}
	if o.keep != false {
		release(r)
	}
}
`

// manyConditions returns a function whose leak is on the branch the
// search takes second, after a branch with n independent conditions in a
// row: more states than a search that remembers conditions may visit
// (about 16 a block here). The search starts again with less detail and
// still finds the leak.
func manyConditions(n int) string {
	var b strings.Builder
	params := make([]string, n)
	for i := range params {
		params[i] = fmt.Sprintf("c%d", i)
	}
	fmt.Fprintf(&b, "\n// want: return@%d\nfunc manyConditions(x, %s bool) {\n", n+9, strings.Join(params, ", "))
	b.WriteString("\tr, err := create()\n\tif err != nil { return }\n\tif x {\n\t\tk := 0\n")
	for _, p := range params {
		fmt.Fprintf(&b, "\t\tif %s { k++ }\n", p)
	}
	b.WriteString("\t\t_ = k\n\t\trelease(r)\n\t\treturn\n\t}\n\treturn\n}\n")
	return b.String()
}

func TestLeaks(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src+manyConditions(2000), parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	calls := func(n ast.Node, name string) *ast.CallExpr {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return nil
		}
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == name {
			return call
		}
		return nil
	}
	mayReturn := func(call *ast.CallExpr) bool {
		return calls(call, "exit") == nil && calls(call, "fatal") == nil && calls(call, "panic") == nil
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fd.Doc == nil {
			continue
		}
		t.Run(fd.Name.Name, func(t *testing.T) {
			var want string
			for _, c := range fd.Doc.List {
				if s, ok := strings.CutPrefix(c.Text, "// want:"); ok {
					want = strings.TrimSpace(s)
				}
			}
			g := cfg.New(fd.Body, mayReturn)
			var creation ast.Node
			var r, errv *types.Var
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if as, ok := n.(*ast.AssignStmt); ok && creation == nil && len(as.Rhs) == 1 && (calls(as.Rhs[0], "create") != nil || calls(as.Rhs[0], "ptr") != nil) {
					creation = as
					r = info.Defs[as.Lhs[0].(*ast.Ident)].(*types.Var)
					if id := as.Lhs[1].(*ast.Ident); id.Name != "_" {
						errv = info.Defs[id].(*types.Var)
					}
				}
				return true
			})
			isR := func(e ast.Expr) bool {
				if star, ok := e.(*ast.StarExpr); ok {
					e = star.X
				}
				id, ok := e.(*ast.Ident)
				return ok && info.Uses[id] == r
			}
			var results *types.Tuple
			if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
				results = fn.Type().(*types.Signature).Results()
			}
			leaks := pathflow.Leaks(&pathflow.Query{
				Info: info, CFG: g, Creation: creation, Err: errv, Obj: r, Results: results,
				ErrPredicate: func(call *ast.CallExpr) ast.Expr {
					if calls(call, "isFailure") != nil {
						return call.Args[0]
					}
					return nil
				},
				Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
					if c := calls(n, "release"); c != nil && isR(c.Args[0]) {
						return pathflow.Action{Effect: pathflow.Released}
					}
					if c := calls(n, "rename"); c != nil && isR(c.Args[0]) {
						a := pathflow.Action{Effect: pathflow.ReleasedIfNil}
						if as, ok := stack[len(stack)-1].(*ast.AssignStmt); ok {
							if id, ok := as.Lhs[0].(*ast.Ident); ok {
								a.Err, _ = info.Defs[id].(*types.Var)
								if a.Err == nil {
									a.Err, _ = info.Uses[id].(*types.Var)
								}
							}
						}
						return a
					}
					return pathflow.Action{}
				},
				Registers: func(call *ast.CallExpr) bool { return calls(call, "cleanup") != nil },
				Exit: func(call *ast.CallExpr) pathflow.ExitKind {
					switch {
					case calls(call, "exit") != nil:
						return pathflow.ProcessExit
					case calls(call, "panic") != nil:
						return pathflow.Panic
					}
					return pathflow.Goexit
				},
			})
			var got []string
			base := fset.Position(fd.Pos()).Line
			for _, l := range leaks {
				got = append(got, fmt.Sprintf("%s@%d", l.Kind, fset.Position(l.Node.Pos()).Line-base))
			}
			if g := strings.Join(got, " "); g != want {
				t.Errorf("leaks = %q, want %q", g, want)
			}
		})
	}
}
