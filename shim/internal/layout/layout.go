// Package layout is the on-disk layout shared by the session and sweep
// packages: where sessions live, how their entries are named, and how to
// tell whether a session's owner is alive.
//
//	$XDG_RUNTIME_DIR/tmplint-<uid>/            root, 0700, owned by the user, when
//	                                           $XDG_RUNTIME_DIR is set and private;
//	$TMPDIR/tmplint-<uid>/                     else in the temp dir, or, when another
//	$TMPDIR/tmplint-<uid>-<id>/                user took that name, a random fallback
//	    <program>/                             per-program base, 0700
//	        session-<id>/                      a live or stale session, 0700;
//	                                           flock(LOCK_SH) by the owner
//	        session-<id>.lock                  flock(LOCK_EX) by the owner; JSON Meta
//	        handoff-<expires-unix>-<id>/<file> files handed to callers
//
// An id is 26 characters of lower-case base32hex (128 random bits).
package layout

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tmplint/tmplint/shim/internal/osx"
)

// Name parts.
const (
	SessionPrefix = "session-"
	HandoffPrefix = "handoff-"
	LockSuffix    = ".lock"
	idLen         = 26
)

// OrphanGrace is how old an entry whose companion is missing (a session dir
// without its lock file, a lock file without its dir) must be before it is
// pruned: younger ones may be half-created.
const OrphanGrace = 10 * time.Minute

var idEncoding = base32.NewEncoding("0123456789abcdefghijklmnopqrstuv").WithPadding(base32.NoPadding)

// NewID returns a fresh random id.
func NewID() string {
	var b [16]byte
	rand.Read(b[:])
	return idEncoding.EncodeToString(b[:])
}

// RootName is the name of the per-user root under the temp dir.
func RootName() string { return "tmplint-" + osx.UIDString() }

// Root returns the per-user root's usual path under tempDir ("" means
// RootParent("")). OpenRoot may use a fallback root instead.
func Root(tempDir string) string {
	return filepath.Join(RootParent(tempDir), RootName())
}

// IsFallbackRootName reports whether name is one of the user's fallback
// roots: RootName() + "-" + an id.
func IsFallbackRootName(name string) bool {
	id, ok := strings.CutPrefix(name, RootName()+"-")
	return ok && isID(id)
}

// RootParent returns the directory the per-user root lives in: tempDir if
// not empty; else $XDG_RUNTIME_DIR when it is set to an absolute path of a
// directory (not a symbolic link) owned by the current user that no one
// else may enter (no group or other permissions), since no other user can
// create anything there; else os.TempDir().
func RootParent(tempDir string) string {
	if tempDir != "" {
		return tempDir
	}
	if x := os.Getenv("XDG_RUNTIME_DIR"); x != "" && filepath.IsAbs(x) {
		fi, err := os.Lstat(x)
		if err == nil && fi.IsDir() && fi.Mode().Perm()&0o077 == 0 && osx.CheckOwned(x, fi) == nil {
			if _, ok := osx.Owner(fi); ok {
				return x
			}
		}
	}
	return os.TempDir()
}

// taken reports whether the entry at path exists and is not a directory of
// ours: another user created it (or planted a link or a file there).
func taken(path string) bool {
	fi, err := os.Lstat(path)
	if err != nil {
		return false
	}
	return fi.Mode()&fs.ModeSymlink != 0 || !fi.IsDir() || osx.CheckOwned(path, fi) != nil
}

// OpenRoot opens the per-user root under tempDir (see RootParent),
// creating it if needed. The root is RootName() in the parent, unless that
// name is taken by another user (a directory of theirs, a symbolic link, a
// file: in a shared temp dir anyone can create any name first): then it is
// the first of the user's fallback roots found there, RootName()-<id> with
// 128 random bits, created if there is none, so that the squatter cannot
// stop the session from starting. others are the user's other roots found
// in the parent (the usual one when a fallback is used, other fallbacks),
// opened for pruning; the caller closes them all.
func OpenRoot(tempDir string) (root *os.Root, others []*os.Root, err error) {
	parent := RootParent(tempDir)
	usual := filepath.Join(parent, RootName())
	if !taken(usual) {
		root, err = OpenPrivateDir(usual, true)
		if err != nil && !taken(usual) {
			return nil, nil, err
		}
	}
	// Fallback roots: ours among the names RootName()-<id> in the parent.
	// Others' entries of that form are skipped, never an error.
	d, derr := os.Open(parent)
	var names []string
	if derr == nil {
		names, derr = d.Readdirnames(-1)
		d.Close()
	}
	slices.Sort(names)
	for _, n := range names {
		if !IsFallbackRootName(n) || taken(filepath.Join(parent, n)) {
			continue
		}
		r, err := OpenPrivateDir(filepath.Join(parent, n), false)
		if err != nil {
			continue
		}
		if root == nil {
			root = r
		} else {
			others = append(others, r)
		}
	}
	if root != nil {
		return root, others, nil
	}
	if derr != nil {
		return nil, nil, derr
	}
	for attempt := 0; ; attempt++ {
		p := filepath.Join(parent, RootName()+"-"+NewID())
		if err := os.Mkdir(p, 0o700); err != nil {
			if errors.Is(err, fs.ErrExist) && attempt < 10 {
				continue
			}
			closeAll(others)
			return nil, nil, fmt.Errorf("%s is taken by another user; creating a fallback root: %w", usual, err)
		}
		root, err = OpenPrivateDir(p, false)
		if err != nil {
			closeAll(others)
			return nil, nil, err
		}
		return root, others, nil
	}
}

func closeAll(rs []*os.Root) {
	for _, r := range rs {
		r.Close()
	}
}

// ProgramName turns a program name into a safe single path component.
func ProgramName(program string) string {
	program = filepath.Base(program)
	program = strings.TrimSuffix(program, ".exe")
	var b strings.Builder
	for _, r := range program {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() >= 64 {
			break
		}
	}
	s := b.String()
	if s == "" || s == "." || s == ".." {
		return "program"
	}
	return s
}

func isID(s string) bool {
	if len(s) != idLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'v') {
			return false
		}
	}
	return true
}

// SessionName returns the directory name of session id.
func SessionName(id string) string { return SessionPrefix + id }

// IsSessionName reports whether name is exactly a session directory name.
func IsSessionName(name string) bool {
	id, ok := strings.CutPrefix(name, SessionPrefix)
	return ok && isID(id)
}

// IsLockName reports whether name is a session's lock file name, and returns
// the session directory's name.
func IsLockName(name string) (string, bool) {
	s, ok := strings.CutSuffix(name, LockSuffix)
	return s, ok && IsSessionName(s)
}

// LockName returns the lock file name of a session directory.
func LockName(sessionName string) string { return sessionName + LockSuffix }

// HandoffName returns the directory name of a handoff expiring at t.
func HandoffName(expires time.Time, id string) string {
	return HandoffPrefix + strconv.FormatInt(expires.Unix(), 10) + "-" + id
}

// HandoffExpiry parses a handoff directory name and returns its expiry.
func HandoffExpiry(name string) (time.Time, bool) {
	rest, ok := strings.CutPrefix(name, HandoffPrefix)
	if !ok {
		return time.Time{}, false
	}
	secs, id, ok := strings.Cut(rest, "-")
	if !ok || !isID(id) || secs == "" || len(secs) > 12 {
		return time.Time{}, false
	}
	n, err := strconv.ParseInt(secs, 10, 64)
	if err != nil || n < 0 || strconv.FormatInt(n, 10) != secs {
		return time.Time{}, false
	}
	return time.Unix(n, 0), true
}

// Meta is the content of a session's lock file.
type Meta struct {
	ID         string    `json:"id"`
	Program    string    `json:"program"`
	PID        int       `json:"pid"`
	UID        int       `json:"uid"`
	Created    time.Time `json:"created"`
	TTLSeconds int64     `json:"ttl_seconds,omitempty"`
	AuditEvent string    `json:"audit_event,omitempty"` // the id of the session's create event in its audit stream
}

// ReadMeta reads the Meta from an open lock file.
func ReadMeta(f *os.File) (Meta, error) {
	var m Meta
	b, err := io.ReadAll(io.NewSectionReader(f, 0, 1<<16))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("%s: %w", f.Name(), err)
	}
	return m, nil
}

// OpenPrivateDir opens path as a root, creating it (mode 0700) if create is
// set. It must be a real directory, not a symbolic link, owned by the
// current user; a mode wider than 0700 is narrowed to 0700.
func OpenPrivateDir(path string, create bool) (*os.Root, error) {
	if create {
		if err := os.Mkdir(path, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	if err := checkPrivate(r, ".", path, fi); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// OpenPrivateSubdir is OpenPrivateDir for the entry name of parent.
func OpenPrivateSubdir(parent *os.Root, name string, create bool) (*os.Root, error) {
	path := filepath.Join(parent.Name(), name)
	if create {
		if err := parent.Mkdir(name, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	fi, err := parent.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s: not a directory (%v)", path, fi.Mode().Type())
	}
	r, err := parent.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	if err := checkPrivate(r, ".", path, fi); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// checkPrivate verifies that the opened root is the directory that was
// lstat'ed as fi (no symlink swapped in between), owned by us, mode 0700.
func checkPrivate(r *os.Root, name, path string, fi fs.FileInfo) error {
	if fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s: is a symbolic link", path)
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s: not a directory", path)
	}
	st, err := r.Stat(name)
	if err != nil {
		return err
	}
	if !os.SameFile(fi, st) {
		return fmt.Errorf("%s: replaced while being opened", path)
	}
	if err := osx.CheckOwned(path, st); err != nil {
		return err
	}
	if st.Mode().Perm()&0o077 != 0 && osx.UIDString() != "user" {
		if err := r.Chmod(name, 0o700); err != nil {
			return err
		}
	}
	return nil
}

// Liveness of a session's owner.
type Liveness int

const (
	Alive  Liveness = iota // the owner holds the lock
	Dead                   // the lock was free; the caller now holds it
	NoLock                 // there is no lock file
)

// ProbeOwner tells whether the owner of the session directory sessionName
// in base lives. A live owner holds an exclusive flock on the session's
// lock file and (where osx.DirLocks) a shared flock on the session
// directory itself, for the session's whole life; either one held means
// Alive. The directory's lock is what a cleaner such as systemd-tmpfiles
// honours, and it survives such a cleaner removing the lock file beside the
// directory. When the owner is Dead, the returned file holds the lock
// file's lock: the caller deletes the session while holding it, then
// removes the lock file and closes it.
func ProbeOwner(base *os.Root, sessionName string) (Liveness, *os.File, error) {
	live, f, err := probeLockFile(base, sessionName)
	if err != nil || live == Alive {
		return live, f, err
	}
	locked, err := dirLocked(base, sessionName)
	if err != nil || locked {
		if f != nil {
			f.Close()
		}
		return Alive, nil, err
	}
	return live, f, nil
}

// dirLocked reports whether someone holds a flock on the session directory.
func dirLocked(base *os.Root, sessionName string) (bool, error) {
	if !osx.DirLocks {
		return false, nil
	}
	fi, err := base.Lstat(sessionName)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !fi.IsDir() {
		return false, nil
	}
	d, err := base.OpenFile(sessionName, os.O_RDONLY|oDirectory|oNoFollow, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer d.Close() // releases the probe's lock
	free, err := osx.TryLock(d)
	return !free, err
}

func probeLockFile(base *os.Root, sessionName string) (Liveness, *os.File, error) {
	lockName := LockName(sessionName)
	fi, err := base.Lstat(lockName)
	if errors.Is(err, fs.ErrNotExist) {
		return NoLock, nil, nil
	}
	if err != nil {
		return Alive, nil, err
	}
	if !fi.Mode().IsRegular() {
		return Alive, nil, fmt.Errorf("%s: lock is not a regular file", filepath.Join(base.Name(), lockName))
	}
	f, err := base.OpenFile(lockName, os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return NoLock, nil, nil
	}
	if err != nil {
		return Alive, nil, err
	}
	ok, err := osx.TryLock(f)
	if err != nil || !ok {
		f.Close()
		return Alive, nil, err
	}
	// The lock is ours; make sure the name still refers to this file (a
	// pruner may have removed it after releasing).
	st, err1 := f.Stat()
	fi2, err2 := base.Lstat(lockName)
	if err1 != nil || err2 != nil || !os.SameFile(st, fi2) || !os.SameFile(fi, fi2) {
		f.Close()
		return NoLock, nil, nil
	}
	return Dead, f, nil
}
