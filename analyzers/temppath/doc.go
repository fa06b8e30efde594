// Package temppath defines an Analyzer that reports files and directories
// created at predictable names in shared temp directories.
//
// # Analyzer temppath
//
// temppath: report creation at predictable names in shared temp directories
//
// The analyzer reports os.Create, os.OpenFile with O_CREATE and without
// O_EXCL, os.WriteFile, ioutil.WriteFile, os.Mkdir, os.MkdirAll,
// os.Symlink and os.Link (the new name), the same methods of an *os.Root
// opened on a shared temp directory, the FIFOs and nodes of the syscall and
// golang.org/x/sys/unix Mkfifo, Mkfifoat, Mknod and Mknodat, and the binds
// that create a unix socket: net.Listen and net.ListenPacket with a unix
// network, net.ListenUnix, net.ListenUnixgram, the Listen and ListenPacket
// methods of net.ListenConfig, and syscall/unix Bind with a SockaddrUnix,
// at a shared temp location — a path built from os.TempDir(), $TMPDIR, or
// a literal under /tmp, /var/tmp or /dev/shm — whose name is a constant or
// is built only from predictable parts: the process id, a user id or
// login name (os/user's fields, $USER, $LOGNAME, $USERNAME), the
// time to the second (not nanoseconds), the host name, the program name, a
// counter, or an integer that a method of another module returns (an
// instance's id, a port: anyone can enumerate them) unless its type is a
// random source. Another local user
// can create the name first: a directory the program then writes into, a
// symlink that redirects the program's write to a file of the victim's, a
// FIFO or a socket of theirs that the program's peers then talk to.
//
// A chmod by path (os.Chmod, syscall and unix Chmod) of such a name that
// no creation of the package makes is reported too: something else made
// it (a child process, another program), and the chmod follows whatever
// is there, a symlink that another local user planted included.
//
// The path may be defined away from the call, and the message then says
// where: a package-level constant or variable (an exported variable is
// judged by its initializer and the assignments of its own package), the
// default of a string flag (flag.String, flag.StringVar and the same
// methods of *flag.FlagSet and of github.com/spf13/pflag, including
// fmt.Sprintf of runtime.GOOS), or an unexported field that the package
// sets in one place only. An exported variable that holds a shared temp
// path carries a sharedVar fact to the packages that create at it, and so
// does an exported function without parameters whose every return gives
// one (func SocketPath() string { return "/tmp/app.sock" }): another
// package creating at its result is told "the result of pkg.SocketPath".
// A library that creates a file at the value of an exported string field
// of its configuration (lumberjack's Logger.Filename, opened with
// O_CREATE on the first write) carries a createsField fact on the field,
// read from its SSA form (the field's value followed through phis,
// conversions and the results of the package's own functions to the
// creation), and a program that sets the field to a predictable shared
// temp path, in a composite literal or an assignment, is reported there. A
// function whose parameter is the path of such
// a creation — directly, through a local variable, or with constant names
// joined to it, and through the functions it calls — carries a createsAt
// fact, and a call passing it a predictable shared temp path is reported
// at the argument, in any package. The names joined to the parameter may
// be constants or built from predictable parts (a pid, a time, the
// program's name, a user's name): filepath.Join(dir, fmt.Sprintf("%s.%d",
// program, os.Getpid())).
//
// A function that creates at a predictable name inside a directory it
// receives is reported at that creation, where the name is built and the
// fix (O_EXCL, or os.CreateTemp) goes, when a caller of the package fills
// the directory from a loop over a package-level slice that holds a
// shared temp directory (candidate log directories, os.TempDir() last),
// directly or through its own parameters; the message names the chain
// ("dir is os.TempDir() in the loop over logDirs at log.go:133; logDirs
// holds it from log.go:54"). Only creations that follow a name someone
// else made are judged so (os.Create, os.OpenFile without O_EXCL,
// os.WriteFile, os.MkdirAll); os.Symlink and os.Mkdir fail on an existing
// name. Calls that pass the shared directory itself are reported at the
// call, by the createsAt fact.
//
// A fixed path in shared temp stored into a struct field
// (cfg.BuildDir = "/tmp/build/", Config{Spool: "/tmp/spool"}) is
// reported at the store when the package reads the field into the path
// of a creation, or hands it to a function whose createsAt fact creates
// it, and every store of the field in the package sets such a fixed path
// (a field that the package also sets to another value may hold that one
// where it is read): the store is the configuration's default that every
// user of the program shares, and its fix. Fields that the evaluator follows to the
// creation (unexported, set once) are reported at the creation instead,
// and a name that is not constant (a per-user suffix) is left to the
// creations. An exported field that its package sets in one place, to
// such a fixed path, carries a sharedVar fact: another package creating
// at it (os.MkdirAll(config.Conf.BuildDir, ...)) is reported at its
// creation, with the store as the origin.
//
// The fix is os.CreateTemp or os.MkdirTemp with a pattern. It is offered
// when the rewrite is mechanical: os.Create(filepath.Join(os.TempDir(),
// "x.log")) becomes os.CreateTemp("", "x-*.log") when the name appears in
// no other string of the package (code that recomputes the path would
// miss the new, random name), and likewise for os.OpenFile with
// O_CREATE|O_TRUNC. A directory created by os.MkdirAll is used through its
// path afterwards, so it is rewritten only in the form
//
//	dir := filepath.Join(os.TempDir(), "name")
//	if err := os.MkdirAll(dir, 0o700); err != nil {
//
// which becomes dir, err := os.MkdirTemp("", "name-*") and if err != nil.
//
// A FIFO or a socket is a rendezvous whose path its peers know, so no
// rewrite is mechanical: the message says to create it in a directory
// from os.MkdirTemp (or, for a socket, under $XDG_RUNTIME_DIR) and to
// hand that path to the peers. For a flag's default, it says to default
// to a path under os.UserCacheDir() or $XDG_RUNTIME_DIR, or in a per-run
// os.MkdirTemp directory.
//
// A fixed name that other code reads is a contract a random name would
// break: a client dials the socket, an uploader reads the directory on the
// next run, another package reads the file. When the path is built from a
// package-level constant or variable that the package also uses other
// than to create it (net.Dial, os.Open, os.ReadDir of it), or from a
// variable of another package (a string constant or variable: not a
// value whose id numbers the name), or when a string literal of the
// package outside any creation names the same absolute path (a client's
// net.Dial("unix", "/tmp/app.sock")), the message does not say to use a random
// name and no fix rewrites it: it says to keep the name under a directory
// only this user can write ($XDG_RUNTIME_DIR, /run/<app> made 0700), or to
// check with os.Lstat after creating it that this user owns it and that it
// is not a symlink. Only uses in another function (or a package-level
// declaration, or another package) count: a test that compares what it
// reads back with the same literal, or runs tar into the directory it just
// made, is served as well by a name from os.MkdirTemp kept in a variable,
// and is told so. The same fixed-name hint goes to production code that
// makes a fixed directory with os.MkdirAll, builds other paths on it
// (filepath.Join(dir, name), dir + "/name", outside creations), makes
// random entries in it (os.MkdirTemp(dir, ...), os.CreateTemp(dir, ...))
// or returns it to its callers, and never removes it: a place the program
// expects to find again on its next run, as a daemon's log buffer read
// back after a restart or a per-user base whose per-run directories are
// made and removed inside it (a random base would be left behind at every
// run). At the call of a function that creates at its parameter (a
// createsAt fact), a path built from a package-level variable or constant
// that other code of the package also uses — in any function, since the
// creation is the callee's — gets the same hint (a cache file the program
// reads back at start); uses that only write or create do not count: the
// variable's address (a flag bound to it), the default given to a flag
// function, and the arguments of creations or of other creating calls.
//
// Not reported: names with a random part (from os.CreateTemp, os.MkdirTemp,
// math/rand), caller-supplied paths (parameters, exported fields, fields
// set in several places), paths inside a private directory (os.MkdirTemp,
// t.TempDir()), abstract unix sockets ("@name"), creation with O_EXCL,
// and creation after the same function mounted a fresh tmpfs on the
// path's root (syscall.Mount or unix.Mount of type "tmpfs" on "/tmp", as
// an init does at boot): what that function then finds there, it made.
//
// A unix socket bind at an existing name fails (EADDRINUSE) rather than
// following a symlink there, so the message for a bind says that another
// user can bind the name first or block it, not that a symlink redirects
// it.
//
// One finding per directory: creations inside a directory that the code
// itself makes at a predictable name in shared temp are consequences of
// that directory, whose fix (os.MkdirTemp) removes their hazard too. They
// are not reported apart: the directory's creation is reported once, its
// message counts them ("(and 4 creations inside it)"), and its related
// information lists them. The directory is the first name below the
// shared temp root ($TMPDIR/app for $TMPDIR/app/src/x.log); the root
// finding is the first creation, in source order, that makes it (os.Mkdir
// of it, os.MkdirAll of it or of a path inside it, a call of a function
// that makes its argument), or, when the code only assumes the directory
// exists (a constant path it never makes), the first creation in it,
// whose message then says to make that directory with os.MkdirTemp.
// Names directly in the shared root (/tmp/a.log, /tmp/b.log) are separate
// fixes and stay separate findings.
//
// The scope of a directory is the function (with its closures) that makes
// it: each function that builds its own path has its own fix and its own
// finding. When the directory's name comes from a package-level constant
// or variable, the scope is the package: every function creates in the
// same directory and the one fix is the variable's, so the package has
// one finding, at the first creation. A //tmplint:ignore directive (or a
// driver's nolint) on that finding silences the group, as the fix it
// stands for removes the group; a directive left on a folded creation is
// reported as unused, which points at the root to move it to.
//
// The strict profile (-strict) adds creation with O_EXCL at a predictable
// name, and os.OpenFile whose flags are not constant: another local user
// can squat the name and make the creation fail.
//
// Tests: every rule applies to _test.go files as to any code: a test's
// fixture at a predictable name in shared temp can be squatted like any
// other file. Use t.TempDir().
//
// Dead code: a creation in an unexported method that nothing can call
// runs in no program, and the fix is to delete the method: its finding is
// strict-only. Such a method is used nowhere in the package (no call, no
// method value or expression), has no //go:linkname directive, and no
// interface type of the package has a method of its name (only such an
// interface can name an unexported method). When the package is analyzed
// with its tests, a method its tests call is not dead. A finding that
// folds creations of live functions into its own is not dead either.
// Plain functions are not judged.
//
// Fuzzing only: a creation that only the callback of a fuzz target with no
// seed corpus reaches is strict-only. Plain go test runs a fuzz target's
// callback once per seed and, with none, never; only a fuzzing engine
// runs it (go test -fuzz, or OSS-Fuzz in its own container). The callback
// is the function passed to the Fuzz method of *testing.F; its target has
// no seed corpus when the function that calls Fuzz calls no Add method of
// *testing.F, uses its *testing.F only as the receiver of method calls
// (no helper can add seeds), and has no testdata/fuzz/<name> directory
// next to its file. Code reached only from there is the callback and each
// unexported plain function of the package whose every use is a call from
// such code or the argument of such a Fuzz (followed to a fixed point).
// The fuzz target's own body runs under go test and stays reported, and
// so does a helper that a test or other code calls too.
package temppath
