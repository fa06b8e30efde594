// Package tempfacts defines an Analyzer that computes, for the functions of
// a package, which temp objects they create for their callers and which
// parameters they clean up, and exports both as facts so that the callers in
// other packages are judged the same way as callers of os.MkdirTemp.
//
// # Analyzer tempfacts
//
// tempfacts: compute temp-object ownership facts for functions (reports nothing)
//
// Eight facts are exported for functions declared in the package, and two
// more for owner types (below):
//
//   - returnsTemp: the function creates a temp file or directory (with
//     os.CreateTemp, os.MkdirTemp, ioutil.TempFile, ioutil.TempDir, a
//     function with this fact, or its own loop over random names: a call
//     returning an *os.File with constant flags that include
//     O_CREATE|O_EXCL (os.OpenFile, a file system interface's method), or
//     an os.Mkdir, at a name with a math/rand or crypto/rand part, on a
//     control-flow cycle that retries while the name exists) and
//     returns it, as result i, on a path where it did not remove it: the
//     caller must clean it up. When result j is a func() whose body
//     removes the object, the fact records the pair: the caller may clean
//     up by calling the cleanup, and one that drops it leaks. A function
//     that returns only such a cleanup has the fact with no object. When
//     the object was created in a directory named by a parameter, the fact
//     records that parameter, so that a caller passing a private directory
//     (t.TempDir()) owes nothing. When, on another path, the function
//     returns at that result a value of its caller's own instead (a
//     parameter, a value reached from it or from the receiver: a test's
//     override in a field), the fact says so (CallersValue): the result is
//     a temp object only on the paths that create one. It also says
//     whether that value comes from an argument (CallersArg), and whether
//     it may be one reached from an argument, a field of it or a method's
//     result, rather than the argument itself (BehindArg): a caller cannot
//     recognize that one by comparing with what it passed.
//   - releases: on every path that returns, the function removes its
//     parameter i (a path or an *os.File), or takes ownership of it by
//     storing it into a field, a global, a map, a slice or a channel. A
//     function that removes only on some paths (on success) has no fact.
//   - takes: on some path the function keeps its parameter i: stores it,
//     or returns it (returning only a path inside it, filepath.Join(dir,
//     key), is no take); or it releases the parameter by storing it on
//     every path (releases then says that it is gone, takes that it lives
//     on). A caller passing a temp object to it hands the object off.
//   - keepsInside: the function keeps only a path inside its parameter i
//     (stores filepath.Join(dir, "objects"), hands it to a function that
//     takes it), never the parameter itself. Whoever keeps such a path
//     cannot remove the object: the caller still owns it, and must not
//     remove it while the keeper lives.
//   - borrows: the function only uses its parameter i (opens, reads,
//     writes, runs a command in it, passes it to functions that borrow
//     it): the caller still owns what it passed and must remove it.
//   - storesTemp: the function stores a temp object it made (or a
//     creator's result, or its Name()) through its pointer parameter i
//     ("*tempFile, err = writeBinary(dir, r)") and, on some path from the
//     store, returns without removing or overwriting it: the caller's
//     variable whose address it passes holds the object after the call.
//     The fact says which parameter names the directory, and whether the
//     function's error result is not nil on every path where the
//     creation whose result it stored failed (after a branch on that
//     error): the caller's error branch then holds nothing. Read from
//     the function's SSA form, built only for a function that assigns
//     through a *string or **os.File parameter.
//   - returnsTempList: the function returns, at result i, a []string of
//     names of temp objects it made and appended to a list, in its body
//     or in a closure that captures the list (fzf's replacePlaceholder),
//     or a list that a function with the fact returned to it. Read from
//     its SSA form, built only when the body appends and creates, or
//     calls such a function.
//   - setsField: the function stores its path or file parameter i itself
//     into field F of its parameter j, or of its receiver (a setter:
//     "func (s *S) setDir(d string) { s.dir = d }", "func fill(c
//     *Config, d string) { c.Dir = d }", or a function that calls one
//     with its own parameters), keeps it nowhere else, and only uses
//     the owner. A call of it is a store into that field, as "s.dir = d"
//     is: the Tracker's owners, FieldStores and the creating methods of
//     an owner type see it so, in this package and, by the fact, in
//     others. Read from the parameter's flow on the SSA form, asked only
//     of a function that assigns a field of one of its parameters or
//     calls such a setter (setsfield.go).
//
// Owner types: a named struct type whose methods remove a temp object held
// in one of its unexported fields (os.Remove or os.RemoveAll of the field,
// of its String(), or a conversion of it, or a call of a method that does)
// has the fact ownsTemp, on its type name: its releasing methods, and its
// creating methods (those that make a temp object and store it, or a value
// made from it, into the field of their receiver, and the methods of the
// type that call them). A function that returns, at some result, a new
// value of an owner type on every path that returns one (a composite
// literal of it, new, either held in a variable and filled field by field,
// the result of another such function) or nil has the fact returnsOwner:
// its caller holds the only reference. A value counts as new when it is
// filled through a setter or a creating method of its type too. The fact
// says "holding" when the function made a temp object and returns it in
// the owner's field (ReturnsOwner, ownerresult.go: a composite literal, a
// field store, a setter, a struct copied in whole, a creating method
// called on the new value; through phis and named results): its caller
// owes a releasing call from the call on. Both are read from the SSA form,
// built only for the methods that make a temp object and the functions
// that make an owner value or call a function that may return one
// (creatorssa.go, freshowner.go). A function whose result is an
// interface has it too when it returns, on other paths, values of types
// that own nothing (a struct type without the fact), never another
// value of an owner type: the fact then says "on some paths". tempcleanup
// judges the values such
// constructors make. A call of such a constructor that takes a temp object
// is a hand-off of the object only where the constructor's error is nil.
//
// The per-parameter facts (releases, takes, keepsInside, borrows) are
// read from the function's SSA form (passes/lazyssa), whatever the syntax:
// the parameter is followed through phis, conversions, interfaces, the
// cells of local variables that closures capture, the fields of local
// struct values and the elements of local arrays and slices, cleaned
// forms of the path and the name of the file, into the closures that
// capture it (a closure that is called or deferred runs its body; one that
// is returned or stored keeps what it captures) and into the functions it
// is passed to (a method value included), by their facts. releases is
// decided on the control-flow graph: every path from the entry to a
// return passes an instruction that removes or stores the parameter
// itself (not a phi of it and another value), a deferred call or a
// registered t.Cleanup that does, or an os.Rename whose error is nil on
// that path; paths that end the process, stop the goroutine or panic do
// not return. The form is built only for packages with a parameter used
// otherwise than plainly (an argument of a standard function that only
// reads it, a comparison), and the facts are exported only where an
// importer may read them: not by the standard library (its functions are
// written down, below) nor by external test packages.
//
// A []string parameter that the function ranges over, removing each
// element (os.Remove, os.RemoveAll, a function that releases its string
// parameter) in a block that every iteration that goes on passes, is
// released once the loop is done, as a path given to os.Remove is
// (fzf's removeFiles): on the SSA form, a range loop is a header whose
// test compares one more than a phi with the list's length.
//
// The Result's ListLeaks follows, on the SSA form of a function, a local
// list that temp names are appended to (or that a returnsTempList
// function returned) to the returns that drop it: see tempcleanup.
//
// A temp *os.File passed where the callee's parameter is an interface
// without a Name() string method (io.Writer, io.WriterAt) is borrowed,
// whatever the callee: it cannot name the file to remove it.
//
// A parameter in none of the facts is unknown code: it reaches a function
// value or an interface method, the parameter's type is a type parameter
// (what an instantiation passes is not known in the generic body, whose
// facts every instantiation shares), or the parameter
// has a type that carries no path (facts are computed for strings, *os.File,
// interfaces an *os.File satisfies such as io.Writer, functions, since a
// function literal carries what it captures, and slices of these,
// ...string included). Callers treat unknown code as an escape: silent by
// default, reported by tempcleanup's strict profile. In go vet and the
// standalone driver every dependency is analyzed, so a function without a
// fact for a path parameter really is unknown code.
//
// The standard library is written down rather than derived: os.Remove and
// os.RemoveAll (and syscall and x/sys/unix Unlink, Rmdir) remove their
// argument; os.Rename hands its source off when it succeeds; t.Cleanup,
// b.Cleanup and f.Cleanup register a function that runs when the test
// ends; other standard functions use their arguments without keeping them,
// except those that store them (sync.Map, atomic.Value, context.WithValue,
// container/list, container/heap).
//
// The pass's Result exposes the same model to tempcleanup: which calls
// create temp objects, what a function does with each parameter
// (ParamUse), and a Tracker that judges, node by node, whether a statement
// removes, hands off, or lets escape a tracked object. In the Owners mode
// the Tracker follows the object into the fields of objects the function
// made (a composite literal, new, a struct variable, exec.Command): such a
// store is no hand-off, the owner carries the obligation, and a method of
// the owner's type that removes the field releases it. FieldReleasers and
// FieldKept say which functions of the package remove what a field holds,
// and whether anything lets it go at all. Releasers are judged path by
// path on the SSA form (releasepaths.go): PartialReleases names those that
// return without the removal on some path that has something to remove,
// and the return that does.
//
// The Tracker follows the object into function literals that capture it
// (returning or storing such a literal hands the object off, calling it is
// a use) and into unix sockets bound at its name or inside it (a
// *net.UnixListener bound at the name owns it: it unlinks it on Close; any
// other socket only keeps it in use). A path inside the object, or a
// socket bound there, that outlives the function is the reason Kept: the
// object is in use, the obligation stays. So is a return of only such a
// path: the caller gets no way to the object, unless a caller of the
// package removes the path's parent (followed on the SSA form).
//
// A function that ends the process on every path where its error
// parameter is not nil, and returns where it is nil (a CheckIfError
// helper), has the fact exitsOnError, read from its SSA form: its calls
// are exits for the search of paths (pathflow.Query.ExitOnError).
//
// A function that marks the test failed on every path where its error
// parameter is nil (an assertion: require.Error, assert.ErrorAs, a test's
// helper built on one), or on every path (assert.Fail), has the fact
// failsTest, read from its SSA form: a creation whose error goes straight
// to it is a test expecting the creation to fail (Result.FailsTestOnNil).
package tempfacts
