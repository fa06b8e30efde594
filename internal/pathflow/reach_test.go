package pathflow_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/cfg"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// Each function creates a resource with "r, err := create()"; release(r)
// releases it; sink() is the point that must not be reached before the
// release. The comment lists the line offsets (from the func line) of the
// sinks reached.
const reachSrc = `package p

func create() (int, error)
func release(int)
func sink()
func cond() bool

// want:
func releasedFirst() {
	r, err := create()
	if err != nil {
		sink()
		return
	}
	release(r)
	sink()
}

// want: 3
func deferredDoesNotCount() {
	r, _ := create()
	defer release(r)
	sink()
}

// want: 5
func onePath() {
	r, _ := create()
	if cond() {
		release(r)
	}
	sink()
}

// want:
func closureCalled() {
	r, _ := create()
	done := func() { release(r) }
	done()
	sink()
}

// want: 3
func inLoop() {
	r, _ := create()
	for cond() {
		sink()
	}
	release(r)
}
`

func TestReaches(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", reachSrc, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	isCall := func(n ast.Node, name string) *ast.CallExpr {
		if es, ok := n.(*ast.ExprStmt); ok {
			n = es.X
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return nil
		}
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == name {
			return call
		}
		return nil
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		t.Run(fd.Name.Name, func(t *testing.T) {
			var want string
			for _, c := range fd.Doc.List {
				if s, ok := strings.CutPrefix(c.Text, "// want:"); ok {
					want = strings.TrimSpace(s)
				}
			}
			var creation ast.Node
			var r, errv *types.Var
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if as, ok := n.(*ast.AssignStmt); ok && creation == nil && len(as.Rhs) == 1 && isCall(as.Rhs[0], "create") != nil {
					creation = as
					r = info.Defs[as.Lhs[0].(*ast.Ident)].(*types.Var)
					if id := as.Lhs[1].(*ast.Ident); id.Name != "_" {
						errv = info.Defs[id].(*types.Var)
					}
				}
				return true
			})
			found := pathflow.Reaches(&pathflow.Query{
				Info: info, CFG: cfg.New(fd.Body, func(*ast.CallExpr) bool { return true }),
				Creation: creation, Err: errv,
				Release: func(n ast.Node, stack []ast.Node) pathflow.Action {
					if c := isCall(n, "release"); c != nil {
						if id, ok := c.Args[0].(*ast.Ident); ok && info.Uses[id] == r {
							return pathflow.Action{Effect: pathflow.Released}
						}
					}
					return pathflow.Action{}
				},
			}, func(n ast.Node) bool { return isCall(n, "sink") != nil })
			var got []string
			base := fset.Position(fd.Pos()).Line
			for _, n := range found {
				got = append(got, strconv.Itoa(fset.Position(n.Pos()).Line-base))
			}
			if g := strings.Join(got, " "); g != want {
				t.Errorf("sinks reached: got %q, want %q", g, want)
			}
		})
	}
}
