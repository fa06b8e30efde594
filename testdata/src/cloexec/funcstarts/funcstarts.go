package funcstarts // want package:"startsProcess"

// A call of a function of a package that may start a process starts one
// only if that function may (a startsProcessFunc fact).

import "cloexec/funcstarts/rtest"

// Check asserts through the helper package.
func Check(t rtest.Logger) { t.Log("x") } // want Check:"startsProcessFunc"
