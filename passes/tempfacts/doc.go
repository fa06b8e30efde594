// Package tempfacts defines an Analyzer that computes, for the functions of
// a package, which temp objects they create for their callers and which
// parameters they clean up, and exports both as facts so that the callers in
// other packages are judged the same way as callers of os.MkdirTemp.
//
// # Analyzer tempfacts
//
// tempfacts: compute temp-object ownership facts for functions (reports nothing)
//
// Two facts are exported, for functions declared in the package only:
//
//   - returnsTemp: the function creates a temp file or directory (with
//     os.CreateTemp, os.MkdirTemp, ioutil.TempFile, ioutil.TempDir or a
//     function with this fact) and returns it, as result i, on a path where
//     it did not remove it: the caller must clean it up. When result j is a
//     func() whose body removes the object, the fact records the pair: the
//     caller may clean up by calling the cleanup, and one that drops it
//     leaks. A function that returns only such a cleanup has the fact with
//     no object. When the object was created in a directory named by a
//     parameter, the fact records that parameter, so that a caller passing a
//     private directory (t.TempDir()) owes nothing.
//   - releases: on every path that returns, the function removes its
//     parameter i (a path or an *os.File), or takes ownership of it by
//     storing it into a field, a global, a map, a slice or a channel. A
//     function that removes only on some paths (on success) has no fact.
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
// create temp objects, and a Tracker that judges, node by node, whether a
// statement removes, hands off, or lets escape a tracked object.
package tempfacts
