// Package funcs: the functions whose SSA form lazyssa lists.
package funcs

var x = f() // the package initializer is listed too

func f() int { return 1 } // want `f`

type T struct{}

func (T) M() { // want `M`
	g := func() {} // want `M\$1`
	g()
}

func Generic[E any](e E) E { return e } // not listed: built per instance
