package execfd

import (
	"go/ast"
	"go/types"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Wait returns only when the goroutine that copies a non-file Stdin into
// the child is done. Once the child is killed, that goroutine's next write
// fails and it ends, unless it is blocked reading its source: an io.Pipe
// whose writer nobody closes, a network connection, a reader of another
// goroutine's output. There "Process.Kill then Wait" hangs in Wait (git-lfs
// feeds its extensions through io.Pipe). An in-memory reader (a
// bytes.Buffer, bytes.Reader or strings.Reader) never blocks, and an
// *os.File is handed to the child itself, with no goroutine; any other
// reader may block, and the hint says to close it first, or to set
// WaitDelay, after which Wait stops waiting for the copy.

// feedsStdin reports whether the command's Stdin is set, in this function
// and before the start on every path to it, to a reader that may block:
// neither an *os.File nor an in-memory reader of the standard library, and
// no WaitDelay is set. An assignment in another branch (u-root's newsshd
// sets Stdin only where it does not start the child through a pty) says
// nothing of the started child.
func (fn *fun) feedsStdin(cmd *command, start *ast.CallExpr) bool {
	if len(cmd.fields["WaitDelay"]) > 0 {
		return false
	}
	for _, v := range cmd.fields["Stdin"] {
		if !fn.neverBlockingReader(v) && fn.dominates(v, start) { // lifetime.go
			return true
		}
	}
	return false
}

// neverBlockingReader reports whether the Stdin value e needs no copying
// goroutine that could block: nil, an *os.File (the parent's stdin
// included), or a *bytes.Buffer, *bytes.Reader or *strings.Reader.
func (fn *fun) neverBlockingReader(e ast.Expr) bool {
	info := fn.info()
	if pkgtypes.IsNil(info, e) {
		return true
	}
	// The dynamic type, when e converts a concrete value to io.Reader.
	t := info.TypeOf(ast.Unparen(e))
	if t == nil {
		return false
	}
	if pkgtypes.IsOSFile(t) {
		return true
	}
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "bytes.Buffer", "bytes.Reader", "strings.Reader":
		return true
	}
	return false
}

// stdinFeedNote is what a hint that waits adds for a command whose Stdin
// may block its copying goroutine.
func (fn *fun) stdinFeedNote(cmd *command, start *ast.CallExpr) string {
	if !fn.feedsStdin(cmd, start) {
		return ""
	}
	return "; Wait also waits for the goroutine that copies " + cmd.v.Name() + ".Stdin into the child: close what feeds it first, or set " + cmd.v.Name() + ".WaitDelay"
}
