package tempcleanup

import (
	"go/ast"

	"github.com/tmplint/tmplint/internal/pathflow"
)

// A temp object that no path removes or hands off leaks at every exit
// that follows its creation: "not removed on every path" and "the 2
// returns that leak it" understate that (u-root's pox leaves its whole
// extracted tree in /tmp on every run). The message then says "not
// removed on any path".

// everyExit reports whether the leaks hold every exit in all, the leaks of
// the same search with nothing released: no path spares one.
func everyExit(leaks, all []pathflow.Leak) bool {
	found := make(map[ast.Node]bool)
	for _, l := range leaks {
		found[l.Node] = true
	}
	n := 0
	for _, l := range all {
		switch l.Kind {
		case pathflow.Return, pathflow.Goexit, pathflow.ProcessExit:
			n++
			if !found[l.Node] {
				return false
			}
		}
	}
	return n > 0
}

// everyOrAny says on which paths the object is not removed.
func everyOrAny(never bool) string {
	if never {
		return "any path"
	}
	return "every path"
}
