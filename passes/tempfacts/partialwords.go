package tempfacts

import (
	"fmt"
	"go/types"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// Words for a partial releaser in messages and facts: the method, and
// what to do before the return that skips the removal.

// MethodName names fn for a message: "AtomicWriter.Close", or the
// function's name.
func MethodName(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return fn.Name()
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return named.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// Removal says how to remove what field holds inside fn: through fn's
// receiver when the field is one of its type's (os.Remove(w.next.Name())
// for a file, os.Remove(w.path) for a file's name, os.RemoveAll(w.dir)
// for a directory).
func Removal(fn *types.Func, field *types.Var, kind Kind) string {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Recv().Name() == "" || sig.Recv().Name() == "_" || !fieldOf(sig.Recv().Type(), field) {
		return "remove what field " + field.Name() + " holds"
	}
	held := sig.Recv().Name() + "." + field.Name()
	switch {
	case pkgtypes.IsOSFile(field.Type()):
		return fmt.Sprintf("call os.Remove(%s.Name())", held)
	case kind == File:
		return fmt.Sprintf("call os.Remove(%s)", held)
	}
	return fmt.Sprintf("call os.RemoveAll(%s)", held)
}

// fieldOf reports whether f is a field of the struct t (or *t) itself.
func fieldOf(t types.Type, f *types.Var) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Origin() == f.Origin() {
			return true
		}
	}
	return false
}
