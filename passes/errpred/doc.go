// Package errpred defines an Analyzer that finds the error predicates:
// functions that return true only for a non-nil error, so that the true
// branch of "if isNotFound(err)" is one on which err is not nil.
//
// # Analyzer errpred
//
// errpred: find functions that return false for a nil error (reports nothing)
//
// The standard library's predicates are written down: errors.Is(err,
// target) with a target that is not the nil literal, errors.As,
// os.IsExist, os.IsNotExist, os.IsPermission and os.IsTimeout.
//
// A function or method of the analyzed package is a predicate, and carries
// a fact saying so (across packages), when it has exactly one parameter of
// type error, that parameter is never assigned, its address never taken,
// it returns a single bool, and on every path from its entry on which the
// parameter can be nil each return statement's value is false or panics:
// a constant false, "err != nil", a call of another predicate on the
// parameter, a method call on the parameter (a nil interface panics), and
// their combinations with &&, || and !. Branches on the parameter prune the
// paths: "if err == nil { return false }", "if errors.As(err, &e) { ... }",
// "if _, ok := err.(T); ok { ... }" (see internal/pathflow). A naked
// return, a result the analysis cannot read, or any doubt: no fact.
//
// Result.Arg returns, for a call of a predicate, the error argument it
// tests; the flow analyses (tempcleanup, execfd) then take the true branch
// of the call as the failure branch of that error.
package errpred
