// Package b uses the predicates of package a across the package boundary.
package b

import "errpred/a"

func isMissing(err error) bool { // want isMissing:"nilfalse\\(0\\)"
	return a.IsNoentExported(err)
}

func isMissingKind(err error) bool { // want isMissingKind:"nilfalse\\(0\\)"
	return a.IsKindExported[string](err)
}
