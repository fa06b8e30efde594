// Package temppath defines an Analyzer that reports files and directories
// created at predictable names in shared temp directories.
//
// # Analyzer temppath
//
// temppath: report creation at predictable names in shared temp directories
//
// The analyzer reports os.Create, os.OpenFile with O_CREATE and without
// O_EXCL, os.WriteFile, ioutil.WriteFile, os.Mkdir, os.MkdirAll,
// os.Symlink and os.Link (the new name), and the same methods of an *os.Root
// opened on a shared temp directory, at a shared temp location — a path
// built from os.TempDir(), $TMPDIR, or a literal under /tmp, /var/tmp or
// /dev/shm — whose name is a constant or is built only from predictable
// parts: the process id, a user id, the time, the host name, the program
// name, a counter. Another local user can create the name first: a
// directory the program then writes into, or a symlink that redirects the
// program's write to a file of the victim's.
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
// Not reported: names with a random part (from os.CreateTemp, os.MkdirTemp,
// math/rand), caller-supplied paths (parameters, fields), paths inside a
// private directory (os.MkdirTemp, t.TempDir()).
//
// The strict profile (-strict) adds creation with O_EXCL at a predictable
// name, and os.OpenFile whose flags are not constant: another local user
// can squat the name and make the creation fail.
//
// Tests: every rule applies to _test.go files as to any code: a test's
// fixture at a predictable name in shared temp can be squatted like any
// other file. Use t.TempDir().
package temppath
