// Package fsmode creates files and directories with an exact mode, whatever
// the process umask.
//
// The os package passes a mode to open(2) and mkdir(2), where the umask
// narrows it: os.Create(name) yields 0644 under the usual umask 022 and 0666
// under umask 000. The functions here create with the requested mode (so the
// umask can only narrow it during the instant before the fix-up) and then set
// exactly that mode with fchmod(2) on the open descriptor, never through a
// path that could be swapped for a symlink. Every descriptor is opened
// close-on-exec, and final path components are not followed when they are
// symbolic links (O_NOFOLLOW), so a link planted at the name fails the call
// instead of redirecting the write.
//
// WriteFileAtomic writes a temporary file in the destination directory,
// syncs it, renames it over the destination and syncs the directory, so that
// after a crash at any point the destination holds either the old or the new
// content.
//
// These are the explicit-mode replacements that tmplint's filemode analyzer
// suggests in its strict profile:
//
//	os.Create(name)                 → fsmode.Create(name, 0o600)
//	os.CreateTemp(dir, pattern)     → fsmode.CreateTemp(dir, pattern, 0o600)
//	os.MkdirTemp(dir, pattern)      → fsmode.MkdirTemp(dir, pattern, 0o700)
//	os.WriteFile(name, data, 0o644) → fsmode.WriteFile(name, data, 0o644)
package fsmode
