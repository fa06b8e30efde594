// Package funcs: the functions whose SSA form lazyssa lists.
package funcs

var x = f() // the package initializer is listed too

func f() int { return 1 } // want `f`

type T struct{}

func (T) M() { // want `M`
	g := func() {} // want `M\$1`
	g()
}

// A generic function's body is listed once, with its type parameters;
// its instances (Generic[int] below) are not.
func Generic[E any](e E) E { return e } // want `Generic`

type Box[E any] struct{ e E }

func (b *Box[E]) Get() E { return b.e } // want `Get`

var _ = Generic[int](1)
