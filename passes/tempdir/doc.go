// Package tempdir defines an Analyzer that classifies path expressions:
// whether a path points into a shared temp directory, into a private
// directory this code created, or somewhere unknown, and whether the name
// part of a path is predictable by another local user.
//
// # Analyzer tempdir
//
// tempdir: classify path expressions as shared temp, private temp or unknown (reports nothing)
//
// A path is in a shared temp location when it is built from os.TempDir(),
// $TMPDIR (os.Getenv, os.LookupEnv; also TMP and TEMP), or a literal under
// /tmp, /var/tmp or /dev/shm, through filepath.Join, path.Join, string
// concatenation with a separator, fmt.Sprintf, filepath.Clean and local
// variables. A path is private when it lies in a directory this code
// created with a random name and mode 0700: the result of os.MkdirTemp or
// ioutil.TempDir, or t.TempDir() of a testing.TB.
//
// Variables are followed when the analysis can see every assignment: local
// variables and package-level variables whose address is never taken. An
// exported variable is judged by its own package: its initializer is its
// value unless that package assigns it. A variable with several
// assignments has a location only when every assignment agrees; its zero
// value counts as an assignment of "". A variable bound to a flag
// (flag.StringVar(&v, name, default, usage), pflag too) holds the flag's
// default, and *p of p := flag.String(name, default, usage) too. An
// unexported field of a struct type of the package that the package sets
// in one place (a composite literal or an assignment) holds that value.
// The Name of a net.UnixAddr or syscall/unix SockaddrUnix literal, and the
// result of net.ResolveUnixAddr, are classified as their path.
// The result of a function of the package is evaluated from its return
// statements, with its parameters bound to the call's arguments (a
// helper that returns filepath.Join(os.TempDir(), "x.sock") is a shared
// temp path where it is used), up to three calls deep; a named result
// assigned apart from its returns is judged by those assignments. The
// name part that a parameter of an unexported function (not a method,
// never used as a value) contributes is as predictable as what every
// caller passes; its location stays unknown, as the caller chooses it.
// A time.Time is predictable whoever chose it, and so are a substring of
// a predictable name, strings.Map of one, the user fields of os/user
// (Username, Uid, Gid, Name), the login name in $USER, $LOGNAME or
// $USERNAME, and the String() of an integer type (an
// enumerated value's name). Other parameters, other fields and results
// of unknown calls are unknown. When unsure, the answer is Unknown.
//
// CallerShared tells whether a call of a function passes a shared temp
// directory for a parameter: the argument itself, a variable ranging over
// a package-level slice that holds one (an element of its initializer,
// or appended to it), or a parameter of the caller that its own callers
// fill so; ParamJoin splits a path joined to a parameter into the
// parameter and the other parts.
//
// Describe also tells where a path that travels was defined (a
// package-level constant or variable, a flag default, a field set once),
// and ParamPath whether a path is a parameter of the enclosing function,
// for the createsAt facts of temppath.
//
// Container tells where the directory holding a path is: the directory
// that os.MkdirTemp("", p) returns is private, but it sits in a shared
// one, so its own mode matters; a path inside it is held by a private
// directory. Existing tells the name of a file os.CreateTemp made, which
// opening with O_CREATE does not create again.
//
// TopOf names the directory directly below the shared temp root that a
// path is or lies in ($TMPDIR/app for filepath.Join(os.TempDir(), "app",
// "x.log")), following local variables assigned once and package-level
// constants and variables, and says whether that name comes from a
// package-level definition: the analyzers fold the findings inside one
// such directory into the finding of its creation.
//
// A path's name is predictable when every part of it is a constant, a
// process id, user or group id, the host name, the program's name
// (os.Args, os.Executable), a time, or a counter, combined by the same
// operations, strconv and fmt formatting: no random part (a name from
// os.CreateTemp, a directory from os.MkdirTemp, math/rand, crypto/rand) and
// no caller-supplied value.
package tempdir
