package tempfacts

import "go/types"

// CalleeUse returns what the function does with its parameter i when it
// receives a temp object directly, as a call's whole argument list
// (t.Log(os.MkdirTemp("", "x"))): the written-down knowledge of the
// standard library first — removers release it; storers and the shim
// take it; printers show it to the user, which hands it to them; any
// other standard function only uses it — then, for other code, ParamUse.
// A function of the package that removes, registers, renames or shows the
// parameter on some of its paths (if err == nil { os.RemoveAll(dir) }) is
// not a borrower here: Unknown.
func (r *Result) CalleeUse(fn *types.Func, i int) Use {
	key := funcKey(fn)
	switch {
	case stdRemovers[key]:
		if i == 0 {
			return Release
		}
		return Borrow
	case isTestingCleanup(fn), isShim(key[0]), stdStorers[key], stdPrinters[key]:
		return Take
	case isStd(key[0]) && fn.Pkg() != r.pkg:
		return Borrow
	}
	use := r.ParamUse(fn, i)
	if use == Borrow && fn.Origin().Pkg() == r.pkg {
		if m, ok := r.paramReasons(fn.Origin(), i); !ok || m != 0 {
			return Unknown
		}
	}
	return use
}
