// Package tempcleanup defines an Analyzer that reports temp files and
// directories that are not removed or handed off on every path.
//
// # Analyzer tempcleanup
//
// tempcleanup: report temp files and directories left on disk on some path
//
// A temp object comes from os.CreateTemp, os.MkdirTemp, ioutil.TempFile,
// ioutil.TempDir, or a function known (by a fact, across packages) to
// return one for its caller to clean up: one that returns what a creator
// made, or that makes it itself in an O_CREATE|O_EXCL loop over random
// names. From the successful creation (the branch where its error is nil)
// to every exit of the function — a return, the end of the body, or a call
// that does not return such as os.Exit, log.Fatal or t.Fatal — the object
// must be either
//
//   - removed: os.Remove or os.RemoveAll of its name (f.Name() or a
//     variable holding it), directly, deferred, in a closure that is
//     called or deferred ("cleanup := func() {...}; defer cleanup()"), in
//     t.Cleanup, b.Cleanup or f.Cleanup, by calling the cleanup function a
//     creating helper returned, or by a function known to remove its
//     argument on every path (a helper that removes only on success does
//     not count); or
//   - handed off: returned to the caller (a naked return of a named result
//     counts), stored into a field, a global, a map, a slice or a channel
//     (not a local argument list, written as one literal or grown with
//     args = append(args, "-o", dir), that is only run in place or given to
//     a function that keeps nothing: the list goes nowhere),
//     named in the environment (os.Setenv: process-wide, and inherited by
//     the children started afterwards, as a daemonized copy of the program
//     that reads a key file and removes it; not when the function defers
//     its own removal, as TestMain does for the TMPDIR it sets), sent, registered with the tmplint shim, renamed away with os.Rename
//     (the branch where the rename failed still needs the removal),
//     passed to a function that takes it (stores or returns it), or
//     shown to the user: its path printed (fmt.Print*, log.Print*,
//     log.Fatal*), or returned in an error whose format says the path is
//     left for the user to recover from ("the old configuration is kept
//     in %s": kept, left, saved, backup, preserved, restore, recover,
//     remains, manually, inspect), or in a field of an error value built
//     at the return whose type's Error method says so (restic's
//     "return &upgradeRepoV2Error{BackupFilePath: backup}", whose Error
//     says "there is a backup of the config file in %v"); the hint then
//     never defers the removal on the error result, which would run at
//     that return too. An error that names the path only as
//     context ("writing %s: %w") hands nothing off. A call that gives the
//     path to the user another way — a viewer started on it — shows it
//     too when the branch taken on its failure prints it ("if
//     !browser.Open(url) { fmt.Printf("written to %s", name) }", or "if
//     err := open(name); err != nil {...}"): the return after it is the
//     success path, not a leak. The path printed may be one inside the
//     object, reached through a join, a match of filepath.Glob inside
//     it, or a field of a local value assigned such a path (c.Dir =
//     build[0]; log.Printf("built in %s", c.Dir)). Printing the error of
//     an os call on such a path (log.Fatal(err) after a failed
//     os.WriteFile) names the path only as context: it shows nothing.
//
// A file opened again at the temp file's own name (os.Open(f.Name()), a
// read-only copy handed out) is the temp file: returning or storing it
// hands the object off (its Name() is the object's name, which the caller
// may still use, statfs for instance), and removing its name removes the
// object. The hint then removes it on the error paths only. A function
// that returns, at the same result, the caller's own value on another path
// (the parameter itself, a type assertion of it, a method of it, a field
// of the receiver: "if f, ok := r.(*os.File); ok { return f, nil }", "if
// s.TempFileOverride != nil { return s.TempFileOverride, nil }", "path :=
// key; ...; path = f.Name(); return path, nil") is a creator only on the
// paths that create. Its callers' leaks are reported saying so ("... stays
// on disk when F created it (on another path F returns its caller's own
// value instead)"), with a hint that removes the object only when it is
// not that value and no edit: removing what they got could delete their
// original. When that value is one of the arguments (not only a field of
// the receiver), whether a call gets a temp object depends on what it
// passes (goreleaser's keyPath writes a key given inline to a temp file
// and returns a key file's path as it is): on the calls where it creates
// one, the leak is certain, and the report says "when F created it", as a
// leak on an error path is reported though the error may never happen. In
// a test the arguments are fixtures chosen to take one branch of F, often
// the one that creates nothing: there such reports are strict-only. When
// the value F hands back may be one reached from the argument (a field of
// it, a method's result: the file behind a lazy reader), comparing with
// the argument does not recognize it, and the hint asks F to tell its
// callers whether it made a copy instead. A branch on a comparison of the object with another variable
// ("if p != key { defer os.Remove(p) }") is taken for that test: where
// they are equal the object is the caller's own value, and needs nothing.
//
// A creation that is never named — discarded, the call of a go or defer
// statement, or passed whole to a call (t.Log(os.MkdirTemp("", "x")),
// fmt.Sprint(os.CreateTemp("", ""))) whose callee only uses the object —
// cannot be removed by anything afterwards and is reported at the
// creation. A callee that removes, keeps or prints it for the user (fmt
// and log printers), or that is not known (a function value), has it.
//
// Passing the object, or a path inside it (filepath.Join(dir, "x"),
// f.Name()), to a function that only uses it — opens, reads, writes,
// downloads into, extracts into, runs a command in it — is a borrow: the
// caller still owns it. Every function carries a fact saying, per
// parameter, whether it borrows, takes or removes it, so this is found
// across packages:
//
//	dir, err := os.MkdirTemp("", "extract-")
//	if err != nil {
//		return err
//	}
//	tgz := filepath.Join(dir, "k.tar.gz")
//	if err := download(url, tgz); err != nil {
//		return err // reported: dir stays on disk
//	}
//
// A temp file passed where an interface without a Name() string method is
// expected (io.Writer, io.WriterAt, io.ReadSeeker) is borrowed too, even by
// a function value or an interface method: the callee cannot name the file
// to remove it. As any, it is unknown code (a type switch may recover it).
//
// A temp path (the name string itself) passed to a function of another
// package whose parameter is any — a configuration library's
// v.Set("workspace", dir), a logger's field — is borrowed: such code keeps
// a copy of the string, it does not remove the directory, so the caller
// still owns it. A function that does remove what it receives as any, on
// every path (os.RemoveAll(v.(string))), carries a removal fact as for a
// string parameter, and the call releases the object. A method of an
// interface that receives the path as any (an injected logger's
// Infof("copied to %q", dest), whatever the implementation) borrows it
// too; one that receives it as a string may take it.
//
// A removal deferred under a flag that the function sets only to
// constants ("keepBackup := true; defer func() { if !keepBackup {
// os.Remove(name) } }()") runs at a return only where the path lets it:
// a return reached with the flag still at its declared value, which says
// keep, and the object not handed off, leaves it on disk ("... is removed
// by a deferred call only when !keepBackup, and keepBackup is still true
// at this return": rclone's config Save and its empty backup
// placeholder). A flag assigned on the path ("keep = true" where a check
// fails) is a decision, and a flag the user sets (a parameter, an
// option, a copy of one) is never known: the removal then covers the
// return, as a deliberate keep. Renaming a file over the temp name
// (os.Rename(old, tmp.Name())) hands the name off once the rename
// succeeds: it holds the moved file from then on.
//
// A removal deferred under "if err != nil" runs only when err is set at
// the return: for a named error result, every return but one of the
// literal nil ("return f, nil" hands f to the caller, or leaks it); for
// another error variable, every return unless the path has found it nil
// ("if err != nil { return err }" taken earlier, nothing assigned since).
// A deferred function literal reads what it captures when it runs, after
// the return has assigned the results: one that removes the object
// through a named result ("defer func() { if err != nil {
// os.RemoveAll(dir) } }()" with dir a result) removes nothing at a return
// that gives that result a constant ("return "", err": docker's
// writeTempDockerfile), and the object stays on disk there. A deferred
// call whose argument is the result (defer os.RemoveAll(dir)) took its
// value at the defer statement, and a literal that removes a local copy
// of the name is not affected.
//
// A function that makes a directory at a random name itself — a name
// whose last element is random (math/rand, crypto/rand, a buffer
// rand.Read filled) joined to a directory, created with os.MkdirAll (of
// it or of a path inside it) or os.Mkdir without a loop that retries on
// an existing name (act's startHostEnvironment: "miscpath :=
// filepath.Join(cacheDir, hex.EncodeToString(randBytes))", then
// os.MkdirAll(filepath.Join(miscpath, "act"), 0o777)) — made a temp
// directory as os.MkdirTemp makes one, from its first such call: it must
// remove it or hand it on on every path after. The directory it is joined
// to is its parent as for os.MkdirTemp's dir argument: inside a private
// directory (a temp directory the function tracks, t.TempDir()) the name
// is a path inside an owned object and no new obligation; in a directory
// someone else manages (a parameter, a cache directory) it is reported
// only when the function removes it on some path, as below.
//
// A function that creates a file itself, with os.OpenFile(name,
// O_CREATE|O_EXCL, ...) at a random name in a loop that retries while the
// name exists (as os.CreateTemp is written), made a temp object: it must
// remove name or return it on every path after the loop, whatever
// directory it creates in. The open may be any call that returns an
// *os.File, a method of the program's own file system interface included
// (syncthing's filesystem.OpenFile(name, fs.OptReadWrite|fs.OptCreate|
// fs.OptExclusive, 0o600)): the flags are read by their constant value, the
// random part by the values that flow into the name, and the retry as a
// loop of the control flow through the call that tests the error with
// os.IsExist or errors.Is(err, fs.ErrExist).
//
// A function literal that captures the object carries it like the object
// itself: calling it here is a use, but returning it, storing it or
// passing it to a function that stores it hands the object off (a layer
// that keeps an opener reading the temp file owns the file).
//
// A path inside the object (filepath.Join(dir, "objects"), a function
// literal capturing only such a path) that is stored, passed to a
// function that keeps it, or returned, hands nothing off: whoever holds it
// cannot remove the directory. (A function that returns only
// filepath.Join(dir, "lfs.sock") leaves its caller a socket path and no
// directory to remove: the hint is to return the directory too, or a
// function that removes it. Only a caller of the package that removes the
// parent of the result, os.RemoveAll(filepath.Dir(p)), takes the
// directory.) The object is then still in use when the function returns
// and still owed a removal: it is reported, and the hint never removes it
// where its user may still need it ("remove it once what uses it is
// done"). A function that keeps only a path inside its parameter says so
// by a fact, for callers in other packages. A use that every path reaches
// only after a deferred removal of the object is registered (one that runs
// at every return, not only on failure) is no such reason: the defer
// removes the object when the function returns.
//
// When no path removes the object or hands it off, the message says it is
// not removed on any path, rather than naming the exits that leak it.
//
// A unix socket bound at the object's name (a temp file removed to make
// room for a socket, as go-plugin does) or inside it (net.Listen,
// net.ListenUnix, net.ListenPacket, net.ListenUnixgram,
// (*net.ListenConfig).Listen with a unix network; syscall.Bind or
// unix.Bind with a SockaddrUnix) puts the name to use for as long as the
// socket lives. A *net.UnixListener bound at the name unlinks it on Close
// (net sets SetUnlinkOnClose(true) on the listeners it creates), so it
// owns the object: returning or storing the listener hands the object off,
// closing it removes the object, and a deferred removal right after the
// creation would delete the live socket, so it is never the hint. Such a
// listener owns the socket file from its bind on, even when the function
// removed the temp file first to make room for it: a return that drops it
// unclosed (not returned, stored or closed) leaves the socket file at the
// name, and is reported at the bind ("unix listener l bound at the name
// of temp file tf is not closed on the return that drops it"), whatever
// directory it is in (the function made the socket). A socket
// bound inside a directory, a datagram socket, and a descriptor bound with
// Bind unlink nothing (or only the socket file, not the directory): they
// keep the object in use without owning it, as a kept path inside it does.
// In tests, the t.TempDir() rewrite is not offered for an object with a
// socket bound in it: its longer path may not fit a unix socket address.
// A FIFO made with Mkfifo or Mknod at the name is the object itself from
// then on: removing the name removes it.
//
// A temp directory removed only with os.Remove (or syscall.Rmdir), which
// fails on a directory that is not empty, while the function creates an
// entry in it (a file, directory, link or socket named by
// filepath.Join(dir, ...) or dir+"/...", or a temp object made in it) and
// removes neither the entry nor the tree: the removal fails and the
// directory stays on disk with its contents. The fix removes the tree with
// os.RemoveAll. Only a directory whose every use the function explains is
// judged: one handed to other code (a helper, a child's arguments, a
// field) or with an entry returned or handed on is not.
//
// A temp directory on which the function mounts a file system
// (syscall.Mount or unix.Mount with the directory, or a path made from
// it, as the target, or a call of a function that mounts at its
// parameter: a fact of passes/mountfacts, as a loop device's Mount or a
// package's bind helper) must not be removed recursively while something
// is mounted under it, or RemoveAll deletes the mounted files — also
// after a deferred unmount whose error is ignored (a bind of /dev). The
// hint is to remove it with os.RemoveAll only at the exits before the
// first mount, and after that only once the unmount's error is checked,
// or with os.Remove, which fails on a mount point; no fix removes it, not
// t.TempDir() either. A mount helper that returns a mount point object
// holding the path (u-root's loop.Mount returns a *MountPoint) takes the
// path by its facts; when that object stays in a local variable whose only
// use is a method that unmounts it (a passes/mountfacts fact: "defer
// mountPoint.Unmount(0)"), nothing outlives the function, and the mount
// only borrows the directory. A function value given the path (or a path
// inside it) only as an argument of type any (a debug printer held in a
// field) formats it; it does not take it. In a test, a temp object that a goroutine the test
// starts uses (in its function literal or arguments) may still be in use
// when the test returns: t.TempDir(), removed then, is not suggested; the
// hint is to remove it once the goroutine is done.
//
// Standard functions borrow, except those that store (sync.Map.Store,
// context.WithValue) or remove. Passing the object to code the analysis
// cannot see — a function value, an interface method, or a function that
// passes it on to one — is silence by default: such a value may be
// someone else's to clean up.
//
// Storing the object into a field of an object the function made itself
// (a composite literal, new(T), a struct variable, exec.Command) and has
// not shared yet, directly or through a setter that stores its parameter
// into a field of its receiver or of another parameter ("s.setDir(dir)",
// "fill(&c, dir)", of this package or another: tempfacts' setsField fact),
// moves the obligation onto that owner: it must be
// returned, stored or handed off in turn, or released by a method of its
// type that removes the field. A return that drops the owner is reported
// there, and the fix names the owner's release method when it has one:
//
//	s := &Server{dir: dir}
//	if err := s.listen(); err != nil {
//		return nil, err // reported: call s.Close() before returning
//	}
//	return s, nil
//
// When that owner never leaves the function (each use of it is a field
// assigned or read in place, a standard method that finishes with the call
// such as an *exec.Cmd's Run or Output, or an argument of a standard
// function, of a variadic ...any log line, or of a function of the module
// that only borrows it by its facts), the store hands nothing off: the
// object is the function's to remove, and a path that does not is a leak
// like any other (u-root's pox puts its temp dir into a local command's
// SysProcAttr.Chroot and runs it; lima's guest-install puts its temp
// file's name into a slice of arguments for its own scp runner). A command that is started
// instead runs on in the directory: a return that drops it is reported
// with a hint to remove the object once the child has exited.
//
// A constructor of the package that returns such an owner it made
// ("return &handler{tempdir: dir}, nil"; or filled by a field store, a
// setter, a struct copied in whole or a creating method, through phis and
// named results: tempfacts' ReturnsOwner) passes the obligation on to its
// caller: the caller holds the only owner, and a return of the caller that
// drops it (neither returned, stored, passed on, nor released by removing
// the field or calling a method that does) is reported there, as for an
// owner made in the caller ("call h.close() before returning"; "if h !=
// nil, ..." when h is only assigned there and the return may be reached
// before the owner was made, on a loop's first message). An object
// the constructor made in a directory someone else manages (a parameter,
// a configuration value) is the caller's concern only when the caller
// removes it on some path. When no code of the package removes what the
// field holds, the constructor's store is the finding (a field that no
// method removes, below), not each caller's return. An owner passed as an interface that the owner
// satisfies with a method that removes the object (a temp archive whose
// Read removes its file at EOF, given as an io.Reader) may be released by
// the callee: it is passed to unknown code. The hint names a method that
// removes the object only if it is called without arguments, else
// os.Remove or os.RemoveAll of the field. This rule follows only
// constructors of the caller's own package that make the object
// themselves; another package's owner types are followed by their facts,
// as the next paragraph says.
//
// Which functions release what a field holds is judged path by path: a
// function releases it when every path from its entry to a return removes
// it, registers its removal (a defer, a closure handed to t.Cleanup or
// sync.Once.Do), calls another releasing function or hands the value off;
// paths that end the process or panic are aside, and so are returns where
// there is nothing to remove (the field is empty, another field of the
// receiver is in its zero state, or in a state that only releasing code
// sets, as a closed flag). A method called without arguments that removes
// it on some paths only is a partial releaser, and the first call of it on
// an owner that the function made, or that a constructor returned after
// making the object itself (of this package, or of another by its facts),
// is reported with the return that skips the removal:
//
//	func (w *AtomicWriter) Close() error {
//		if w.err != nil {
//			return w.err // a failed Write leaves the temp file
//		}
//		defer os.Remove(w.next.Name())
//		...
//	}
//	fd.Close() // reported: AtomicWriter.Close returns at a.go:42 without removing it;
//	           // in AtomicWriter.Close, call os.Remove(w.next.Name()) before that return
//
// The remedy is in the method. Closing in the caller is none, and for a
// writer that renames its temp file onto the target in Close it would do
// harm: after a failed write, Close would publish the partial file. For the
// same reason a method that only renames the object (never removes it) is
// not named in a hint to call before returning; the hint is then
// os.Remove or os.RemoveAll of the field.
//
// A type whose methods remove a temp object it holds in an unexported
// field (its releasers: Close doing os.RemoveAll(s.tempDir), or of the
// field's String() for a path wrapper) is an owner type, known across
// packages by a fact of tempfacts. A value of it made by a constructor
// (a function that returns a new one, a composite literal, or nil: its
// returnsOwner fact) owes a call of a releaser from the point where it
// holds an object: a call of one of the type's creating methods (a method
// that makes the object and keeps it in the field, or calls one that
// does: chezmoi's ExternalDiffSystem makes its temp directory on the
// first WriteFile), or the constructor's call itself when it is handed a
// temp object made here and takes it (go-diskfs' iso9660.Create(backend,
// 0, 0, 0, workdir) keeps its workspace in the *FileSystem it returns) or,
// for a constructor of another package, made one itself and returns it in
// the value (its returnsOwner fact says "holding"; one of this package is
// judged by the field it fills, above).
// In a local variable, every path from there must call a releaser
// (deferred or not) or hand the value on: return it, store it, pass it to
// a function that may keep or release it (a function of the package that
// only calls other methods on it borrows it). A return that drops it is
// reported ("temp directory workdir, handed to iso9660.Create, is held by
// fs and removed only by its Close or Finalize, and this return drops fs
// without calling it"), with the hint to call the releaser; the temp
// object handed to the constructor is taken only where the constructor's
// error is nil, so a return on its failure leaks the object itself. A
// value stored into an unexported field of a type of this package is
// reported at the store when the package calls a creating method through
// that field and no code of the package calls a releaser through it or
// lets the value go (returns the field, passes it on, stores it
// elsewhere): the object it makes is never removed. Passing the value
// where an interface without any of its releasers is expected (chezmoi's
// System, which has no Close) lends it: the callee cannot release it
// short of a type assertion. A constructor whose result is an interface
// may return the owner on some paths only and values of types that own
// nothing on others (chezmoi's newDiffSystem returns an
// *ExternalDiffSystem or a *GitDiffSystem): its values are judged the
// same, and the message says "when newDiffSystem returns a
// chezmoi.ExternalDiffSystem". Where the holder's type has no releasing
// method to call (an interface), the hint is to keep the owner where its
// release can be called. Releasers that remove only on some path (a
// Finalize that removes on success) count as releases across packages.
//
// A struct type of the package that stores a temp object in an unexported
// field must remove it somewhere: if no code of the package removes what
// the field holds (or lets it go elsewhere: a getter, another store, unknown
// code), the store is reported — "field target holds a temp directory that
// no method of Mount removes". A Cleanup that only unmounts a temp mount
// point is the classic. Any code of the package counts, a method of
// another type included ((*Manager).cleanup(r) removing r.tempDir). In a
// main package the object may be what the program produces (u-root's
// cmd2pkg generates packages into it): the hint removes it once the
// program is done with it, or prints its path for the user. When
// the store is in a test and the type is production code, the hint is to
// remove the object in the test (t.Cleanup) or create it in t.TempDir(),
// not to give the production type a removal method.
//
// A method that assigns a temp object straight into a field of its
// receiver ("c.cfg.socketDir, err = os.MkdirTemp(...)") hands it to the
// field only as far as the methods that remove the field will: when each
// of them returns at once while another field of the receiver is nil
// (go-plugin's Kill does nothing until c.runner is set), and the method
// sets that field itself later, its returns before that leave the object
// where nothing removes it. They are reported at the creation, whatever
// the directory (the package means to remove it): "temp directory from
// os.MkdirTemp is stored in c.cfg.socketDir, which Kill removes only when
// c.runner is set, and 2 returns of this method come before that", with
// the hint to remove it there. The gate is read from the removers' SSA
// form: a test of the receiver's field against nil, before anything is
// deferred, removed or called in the package, whose nil branch returns
// with none of those. A remover that also stores the field (cleaning up
// its own store) does not count.
//
// The branches on which the creation failed need nothing, however the
// code tells them: "err != nil", an error predicate on err (errors.Is,
// errors.As, os.IsExist and the like, or a function of the project that
// returns false for a nil error, known by a fact of passes/errpred), the
// object being nil (or "" for a name, also tested as len(name) == 0: a
// wrapper that returns "" when it could not create), or a boolean variable
// holding any of these ("owned := err == nil; ...; if owned { ... }").
//
// A range loop over a table that is never empty — a composite literal
// with elements, a local variable only its declaration assigns from one,
// an unexported package-level variable declared from one that no function
// writes, an array — runs its body at least once: a removal in the body
// (or in the t.Run subtest it starts) covers the path past the loop.
//
// The error branch of Close on a temp file that nothing writes to (every
// use of the file is Name, Close or Stat) is not a path worth a finding:
// such a Close has nothing to flush. -strict searches it.
//
// Nor is the error branch of an operation that does not fail on an object
// the process owns: os.Chmod of the object's own name (or its file's Chmod
// method: an owner may always change the mode), Seek of the temp file to a
// constant position that is not negative (lseek on a regular file fails
// only for a negative position), crypto/rand.Read (documented never to
// return an error), and filepath.Abs and os.Getwd except on Windows (they
// fail only when the working directory has been removed or is outside the
// process's root). A return on such an error is searched only by -strict.
// Writes, Sync and the Close of a written file fail on a full disk or
// quota and are searched; so are Chown (an unprivileged process may not
// give its file away), a Chmod of a path inside the object (it may not
// exist), a Seek to a computed position, and reads of a reader, even
// crypto/rand.Reader. Only the branch is spared: a leak on another path is
// still reported, and its message names only the returns that leak.
//
// A creation in a loop whose object is neither removed nor handed off before
// the next iteration loses the previous object, and is reported.
//
// A deferred removal does not run when the function then ends the process
// with os.Exit or log.Fatal: the exit call is reported. The classic is
// TestMain:
//
//	dir, err := os.MkdirTemp("", "test")
//	...
//	defer os.RemoveAll(dir)
//	os.Exit(m.Run()) // reported: the deferred removal never runs
//
// Fix: code := m.Run(); os.RemoveAll(dir); os.Exit(code).
//
// A helper that ends the process when its error argument is not nil and
// returns otherwise (go-git's examples' CheckIfError: "if err == nil {
// return }; fmt.Println(err); os.Exit(1)") is such an exit on the path
// where the error is not nil; tempfacts learns it from the helper's body,
// for callers in other packages too. Given the creation's own error it is
// the error check. Its finding says that it ends the process when the
// error it is given is not nil, and the hint is to test the error there
// and remove the object before exiting: a removal before the call would
// remove it on success too.
//
// All the exits that skip one deferred removal are one finding, at the
// first of them, the others listed with it: an example that checks five
// errors with log.Fatal after the defer has one mistake, not five. An exit
// is covered by an explicit removal only on its own path: a removal in a
// statement that runs before it in every case, or under the same condition
// as the defer ("if !keep { defer os.RemoveAll(dir) }" and, before the
// exit, "if !keep { os.RemoveAll(dir) }"); a removal on another branch
// leaves the exit reported.
//
// The hint matches the leak. When the object never outlives the function,
// it is "defer os.RemoveAll(dir) right after the error check", offered as a
// fix. When the function keeps it on its success path (returns it, stores
// it, hands it to other code, prints where it is), that defer would delete
// what the caller was given; the report then names the exits that leak it
// and removes it there only:
//
//	func build() (_ string, err error) { // results named by the fix
//		dir, err := os.MkdirTemp("", "build-")
//		if err != nil {
//			return "", err
//		}
//		defer func() {
//			if err != nil {
//				os.RemoveAll(dir)
//			}
//		}()
//		...
//		return dir, nil
//	}
//
// when every leaking exit returns a non-nil error, and otherwise a removal
// right before each leaking return or exit that comes before the object
// is handed to other code (an exit inside the loop that hands it off is
// reached after that on the next iteration: none is removed there) —
// unless something that cannot
// remove the object still uses it after such an exit (a path inside it
// kept elsewhere, a socket bound in it): then no removal at the exits is
// right, and the hint says to remove it once that user is done. The fix is offered when the edit
// is mechanical (the variable is not assigned again, the error result can
// be named without a clash: err, or retErr where a top-level "err := …"
// would no longer compile or an inner err shadows the result where the
// defer goes; the hint names the same; the values returned at a leaking return call
// nothing but fmt and errors); all these fixes change behaviour (the object
// is gone where it used to stay), so tmplint -fix leaves them to -fix=all.
//
// A test that keeps its temp objects on purpose when it fails — the
// object or its name given to t.Error*, t.Fatal*, t.Log* or t.Skip*, or
// its removal guarded by a boolean flag ("if !keep { os.RemoveAll(dir)
// }"), in the creating function or, for an object it returns, in a caller
// of the package that holds the result — is not told to use t.TempDir(),
// which would remove that evidence too: the hint is to remove it when the
// test passes, t.Cleanup(func() { if !t.Failed() { ... } }).
//
// Objects created inside a private directory (t.TempDir(), a directory made
// by os.MkdirTemp that is itself tracked) are not reported. In a function
// with a testing.TB in scope, the suggested fix replaces
// os.MkdirTemp(...) with t.TempDir(), and os.CreateTemp("", pattern) with
// os.CreateTemp(t.TempDir(), pattern): the testing package then removes
// the object. That fix is safe: nothing outlives the test.
//
// An object created in a directory someone else manages — a parameter, a
// flag, a configuration value, or a directory the program lays out for
// itself (os.CreateTemp(filepath.Join(root, "sessions"), "rec-*.cast")
// only picks a unique name for a file meant to stay) — and never removed
// by the function on any path is that directory's owner's business:
// reported only with -strict. The directory of another path is not such a
// directory (os.CreateTemp(filepath.Dir(filename), ...), or
// filepath.Split(filename), directly or through a local variable only
// such calls assign): an object made next to a target, to be renamed onto
// it, sits where the target lives, and nobody cleans up there. When the
// function renames, removes or hands on such an object on some path
// (helm's AtomicWriteFile hands it to a rename helper of another package,
// dockertest's NewAtomicFileWriter returns it in its writer), the paths
// that drop it are reported as for any object; one it lets go on no path
// stays strict-only. Under -strict, the message of an object in someone
// else's directory that is handed on on some path names the exit that
// drops it rather than saying it is never removed. A creator function that makes its object in
// such a directory passes this on to its callers (its fact says "in other
// dir"): a caller that keeps the object is not reported, one that removes
// it on some paths must remove it on every path.
//
// With -strict, also reported: an object that escapes into unknown code (a
// function value, an interface method, a callee that passes it to one), a
// temp *os.File that is not closed on every path (a creator function that
// defers the Close of the file it returns hands out a closed file), and a main package that
// creates temp objects without signal-aware cleanup (a Ctrl-C leaves them
// behind): use a session of github.com/tmplint/tmplint/shim/session.
//
// Tests: every rule applies to _test.go files as to any code (a test that
// leaves its temp objects fills the machine's temp dir, run after run);
// the fix there is t.TempDir(). The main-package rule of -strict does not
// apply to tests. A leak only on paths where the test has already failed
// or skipped (t.Fatal, t.FailNow, t.Skip and their kind, log.Fatal in an
// example or a test helper, os.Exit with a constant non-zero code, or a
// return after t.Error, t.Errorf or t.Fail earlier in the return's own
// block: "t.Errorf(…); return" ends a failed test as t.Fatalf does) is
// strict-only; os.Exit with a computed code is no failure (os.Exit(m.Run())
// in TestMain skips the deferred removal on every run). So is a leak on an
// error return of a helper of a _test.go file whose every use in the
// package is a call "…, err := f(…)" followed at once by "if err != nil {
// …; t.Fatal(…) }" (the return's error is non-nil: an error value, or a
// variable in the branch that tested it). The helper may be a function
// literal held by a variable, and a helper may be held by an unexported
// field of a table of cases ({name: "file", open: newFile}): every read of
// the variable or the field must then be such a call (writes of the field by other entries of the
// table read nothing). A call followed at once by "return …, err" counts
// too when the function it is in (a wrapper in the table) has only such
// callers in turn. Any other use — the value passed on, a call whose error
// is only logged — keeps the finding. Test code is a _test.go file, or
// a function that takes a *testing.T, *testing.B, *testing.F, testing.TB
// or *testing.M (a test suite's helper, TestMain's helper).
//
// A test that calls a creator only to see it fail gets no report: the
// statement right after the creation tests "err == nil" and fails the
// test when it holds, or calls an assertion that fails the test when the
// error it is given is nil (testify's require.Error, assert.ErrorAs, or a
// helper of the test built on one: "func assertSkipped(t *testing.T, err
// error) { require.ErrorAs(t, err, &ErrSkip{}) }"). Which assertions do is
// read from their SSA form, as a fact of tempfacts (failsTest): on every
// path where the error is nil they call a testing.T's Error, Errorf,
// Fail, FailNow, Fatal or Fatalf, such a method of an interface the
// testing types implement, or a function with the fact. Nothing is made
// unless the test fails.
//
// Kept on success, leaked where the process ends: outside tests, an object
// that the function removes on no path (no removal, rename, registration
// or cleanup call anywhere in it, closures included: it is shown to the
// user, handed on or left for later when the function succeeds) and that
// leaks only at calls that end the process (os.Exit, log.Fatal*, with no
// deferred removal of it pending) is left on those exits as it is on
// success, and the finding is strict-only: a crash report kept when
// writing it fails, an exp tool's mount dir on a fatal error. A function
// that removes the object on some path means it to go, so a fatal exit
// that skips its deferred removal (reported at the exit) or comes before
// its explicit removal stays a finding, as does a leak at a return.
//
// Pruned on the next run: a leak of an object made by os.MkdirTemp,
// os.CreateTemp, ioutil.TempDir or ioutil.TempFile with a constant
// pattern is strict-only when the function, before the creation and on
// every path to it (a statement of a block around the creation), removes
// what earlier runs left at that pattern: filepath.Glob of
// filepath.Join(dir, glob, ...) — dir the creation's directory
// (os.TempDir() for "" or os.TempDir(), or the same variable), glob a
// constant that matches the names the pattern makes, further elements
// allowed (the files inside earlier dirs) — then os.Remove or os.RemoveAll
// of each match in a range over them, in the function itself or in a
// function of the package that globs the parameter it is given. What the
// run keeps, the next one removes (tailscale's update deletes the
// downloads of earlier updates before it makes its own dir). A prune after
// the creation, on some paths only, of another pattern or directory, or a
// glob whose matches are not removed keeps the finding.
//
// Made through a pointer: a function that stores a temp object it made
// (or a creator's result) through a pointer parameter and returns without
// removing it, on some path ("*tempFile, err = writeBinary(dir, r)" in
// syncthing's archive visitor), makes its caller's variable hold the
// object: "visit(dir, &tempName, ...)" is judged as "tempName, err :=
// writeBinary(dir, r)" would be, from that call on, with the call's error
// result as the creation's error when the callee's error says whether it
// stored one (tempfacts' storesTemp fact, read from the callee's SSA form).
// Passing &tempName to such a callee again does not hand the object off;
// a later call in a loop may store nothing, so reaching it again loses
// nothing, and the paths go on through it (a later call's error return
// leaves what an earlier one stored). In the callee, the store through its pointer parameter moves
// the obligation to the caller; a store through any other pointer is a
// hand-off as before.
//
// Lists of temp names: a temp name appended to a local list
// ("tempFiles = append(tempFiles, WriteTemporaryFile(items))") is the
// list's to remove from then on. The list is followed on the SSA form
// (through phis, appends, subslices, the cell of a variable a closure
// captures) to every return: a range loop that removes each element, a
// function that does so for its []string parameter (fzf's removeFiles:
// tempfacts' releases fact), directly, deferred, or in a closure that is
// called or deferred (also one deferred before the appends, which reads
// the list when it runs), releases it; returning it, storing it, sending
// it or passing it to a function that takes it hands it on; a return
// reached with none of these leaks every name appended ("temp file from
// WriteTemporaryFile is appended to tempFiles, which the return named
// drops without removing it"). The hint removes only what was appended:
// the list may hold other paths. The same holds for a list a function
// returns (tempfacts' returnsTempList: fzf's replacePlaceholder, whose
// closure appends the name of each file it writes): in the caller, a
// return that drops it, or the same call made again in a loop before the
// list is removed, leaks it (fzf's preview loop, which removes the files
// only when the command started). Reported only with -strict: a list
// that only an escape into unknown code lets go; a list discarded at the
// call ("command, _ := replacePlaceholder(...)": the names may live on in
// the command, run after the function returns); a list of objects made
// in a directory someone else manages.
package tempcleanup
