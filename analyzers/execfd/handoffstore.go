package execfd

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// A command that the function hands on by storing it, or its Process, in
// a field of the package that some function waits for ("s.child = cmd",
// "h.cmds = append(h.cmds, cmd)", "s.proc = cmd.Process"), or in a
// package-level variable of the package, is the owner's from that store
// on, and the function's before it: a return between the Start and the
// store ("line, err := r.ReadString('\n'); if err != nil { return }"
// before "h.cmds = append(h.cmds, cmd)" in cmd/go's vcweb hg handler)
// drops a running child that nobody will wait for. Such a store is a
// release of the path check at its node, as a return that gives the
// command back is (handoffreturn.go). An exported field or variable is
// judged so too: whoever waits for it, in this package or another, gets
// only the children stored there. A store into an unexported field that
// nothing waits for is checkStores' finding; a store in a function
// literal, in another loop than the Start, before a Start, or into a
// field of another package's type (whose owner is not known here) hands
// the command on for the whole function, as any other use does.

// noteStore records the store st of the command (or of its Process),
// met outside function literals, as a candidate hand-off at its node.
func (cmd *command) noteStore(st *store) {
	if _, ok := st.at.(*ast.AssignStmt); !ok || st.field == nil {
		cmd.escapesElsewhere = true // a composite literal: its holder decides
		return
	}
	cmd.storeHandoffs = append(cmd.storeHandoffs, *st)
}

// storeReleases returns the nodes of the stores that hand the command on
// at that node, or false when one of its candidate stores does not.
func (fn *fun) storeReleases(cmd *command) ([]ast.Node, bool) {
	var nodes []ast.Node
	for _, st := range cmd.storeHandoffs {
		if !fn.storeHandsOff(cmd, st) {
			return nil, false
		}
		nodes = append(nodes, st.at)
	}
	return nodes, true
}

// storeHandsOff reports whether the store hands the command on at its
// node: a field or variable of the package that is exported, or that some
// function of the package waits for (ownedFields), stored after every
// Start of the command and in the same loop as each.
func (fn *fun) storeHandsOff(cmd *command, st store) bool {
	f := st.field
	if f.Pkg() != fn.c.pass.Pkg {
		return false
	}
	if !f.Exported() && !fn.c.ownedFields().released[f.Origin()] {
		return false
	}
	loop := fn.innermostLoop(st.at)
	for _, s := range cmd.starts {
		if st.at.Pos() < s.End() || fn.innermostLoop(s) != loop {
			return false
		}
	}
	return true
}

// innermostLoop returns the innermost for or range statement of the
// function that holds n, outside function literals, or nil.
func (fn *fun) innermostLoop(n ast.Node) ast.Node {
	path, _ := astutil.PathEnclosingInterval(fn.file, n.Pos(), n.End())
	for _, p := range path {
		switch p.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return p
		case *ast.FuncLit, *ast.FuncDecl:
			return nil
		}
	}
	return nil
}

// handOverWhere says who takes the wait over from the function on the
// paths that hand the child on: the caller of the returns that give it
// back, the owner of the field or variable it is stored in.
func handOverWhere(cmd *command) string {
	var parts []string
	if cmd.returned || len(cmd.holders) > 0 {
		parts = append(parts, "the returns that give it to the caller leave the wait to the caller")
	}
	if len(cmd.storeHandoffs) > 0 {
		st := cmd.storeHandoffs[0]
		where := "the stores in package variable " + st.field.Name()
		if st.field.IsField() {
			where = "the stores in field " + st.field.Name() + " of " + typeName(st.owner)
		}
		parts = append(parts, where+" leave the wait to its owner")
	}
	return strings.Join(parts, ", and ")
}
