package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/tmplint/tmplint/shim/fsmode"
	"github.com/tmplint/tmplint/shim/internal/layout"
	"github.com/tmplint/tmplint/shim/internal/osx"
)

// Why a session, transient directory or handoff was purged, as written in
// audit events.
const (
	WhyExit    = "exit"    // the program closed the session
	WhySignal  = "signal"  // SIGINT, SIGTERM or SIGHUP
	WhyStale   = "stale"   // its owner died without cleaning up
	WhyTTL     = "ttl"     // its time to live ran out
	WhyRemoved = "removed" // the program removed it explicitly
)

// An Option configures New and Start.
type Option func(*config)

type config struct {
	tempDir  string
	audit    []io.Writer
	auditErr func(error)
	stream   *auditStream  // this session's audit chain; nil without sinks
	flush    time.Duration // how long Close waits for the audit sinks
	ttl      time.Duration
	handled  []os.Signal
	now      func() time.Time

	pruneBudget time.Duration // negative: prune everything before New returns
}

// WithTempDir puts the per-user root in dir instead of $XDG_RUNTIME_DIR or
// os.TempDir() (see the package documentation, Where sessions live).
func WithTempDir(dir string) Option { return func(c *config) { c.tempDir = dir } }

// WithAudit adds w as a sink of the audit stream: every event is written to
// every sink, one JSON line per Write, by a goroutine of the sink's own, so a
// sink that blocks or fails never holds up or stops the program (see the
// package documentation). Sinks: OpenAuditFile for an append-only file,
// OpenSyslog and OpenJournal for the system log, or any io.Writer the host
// supplies, such as a pipe to a collector running as another user.
func WithAudit(w io.Writer) Option { return func(c *config) { c.audit = append(c.audit, w) } }

// WithAuditErrors calls f with the first failure of each audit sink (a
// write error, a full queue) and when Close gives up waiting for a blocked
// sink. f runs on a background goroutine and must not block. By default the
// error is printed to standard error.
func WithAuditErrors(f func(error)) Option { return func(c *config) { c.auditErr = f } }

// WithTTL keeps the session, should its owner die without cleaning up, for
// at least d after its start before another program prunes it (for
// post-mortem inspection). The default, 0, prunes as soon as the owner is
// gone. A session is never pruned while its owner lives.
func WithTTL(d time.Duration) Option { return func(c *config) { c.ttl = d } }

// HandleSignals tells the session that the program handles these signals
// itself (with signal.Notify): the session does not catch them, and the
// program calls Close on its way out.
func HandleSignals(sigs ...os.Signal) Option {
	return func(c *config) { c.handled = append(c.handled, sigs...) }
}

// A Session is one run's private temp space.
type Session struct {
	id      string
	program string
	dir     string
	name    string // directory name in base
	created time.Time
	meta    layout.Meta // as written to the lock file
	cfg     config

	createEvent string // the id of the session's create event

	purgeOnce sync.Once
	purgeErr  error

	mu         sync.Mutex
	closed     bool
	base       *os.Root // the per-program base
	lock       *os.File // the lock file, flock'ed exclusively
	dirLock    *os.File // the session directory, flock'ed shared
	transients map[*Transient]struct{}
	handoffs   map[*handoff]struct{} // this session's handoffs not yet expired
	expiring   sync.WaitGroup        // handoff removals in progress
	pruner     *pruner
}

// Start starts a session for the running program (named after os.Args[0]).
func Start(opts ...Option) (*Session, error) {
	return New(os.Args[0], opts...)
}

// New starts a session for program: it prunes the stale sessions and
// expired handoffs of every program of this user (for at most a few tens
// of milliseconds; any rest is pruned in the background), creates the session
// directory (0700) and starts catching SIGINT, SIGTERM and SIGHUP.
func New(program string, opts ...Option) (*Session, error) {
	cfg := config{now: time.Now, pruneBudget: defaultPruneBudget, flush: auditFlushTimeout}
	for _, o := range opts {
		o(&cfg)
	}
	root, others, err := layout.OpenRoot(cfg.tempDir)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	defer func() {
		root.Close()
		for _, r := range others {
			r.Close()
		}
	}()
	prog := layout.ProgramName(program)
	base, err := layout.OpenPrivateSubdir(root, prog, true)
	if err != nil {
		return nil, fmt.Errorf("session: %w", err)
	}
	cfg.stream = newAuditStream(cfg)
	pr := newPruner(append([]*os.Root{root}, others...), cfg)
	pr.run(cfg.pruneBudget)

	s := &Session{program: prog, base: base, cfg: cfg, pruner: pr}
	if err := s.create(); err != nil {
		pr.wait()
		base.Close()
		cfg.stream.close(time.Now().Add(cfg.flush))
		return nil, fmt.Errorf("session: %w", err)
	}
	s.createEvent = s.audit(Event{Event: "create", Kind: "session", ID: s.id, Path: s.dir, TTLSeconds: seconds(cfg.ttl), Expires: expiry(s.created, cfg.ttl)})
	if s.createEvent != "" {
		// A pruner that finds this session's owner dead refers its purge
		// to this create event. The new meta is longer than the old, so
		// it overwrites it whole.
		s.meta.AuditEvent = s.createEvent
		b, _ := json.Marshal(s.meta)
		s.lock.WriteAt(append(b, '\n'), 0)
	}
	register(s)
	return s, nil
}

// create makes the lock file, locks it, then the directory, and takes a
// shared lock on the directory: a session directory exists only while (or
// after) its lock file's lock is held, and its own lock is held from right
// after its creation until the session is purged.
func (s *Session) create() error {
	for attempt := 0; ; attempt++ {
		id := layout.NewID()
		name := layout.SessionName(id)
		lockName := layout.LockName(name)
		lock, err := s.base.OpenFile(lockName, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			if attempt < 10 && errors.Is(err, os.ErrExist) {
				continue
			}
			return err
		}
		ok, err := osx.TryLock(lock)
		if err == nil && !ok {
			err = fmt.Errorf("%s: lock taken by another process", lock.Name())
		}
		if err == nil {
			err = lock.Chmod(0o600)
		}
		if err == nil {
			st, err1 := lock.Stat()
			fi, err2 := s.base.Lstat(lockName)
			if err = errors.Join(err1, err2); err == nil && !os.SameFile(st, fi) {
				err = fmt.Errorf("%s: replaced while being locked", lock.Name())
			}
		}
		now := s.cfg.now()
		meta := layout.Meta{ID: id, Program: s.program, PID: os.Getpid(), UID: os.Getuid(), Created: now, TTLSeconds: seconds(s.cfg.ttl)}
		if err == nil {
			b, _ := json.Marshal(meta)
			_, err = lock.Write(append(b, '\n'))
		}
		if err == nil {
			if err = s.base.Mkdir(name, 0o700); err == nil {
				err = s.base.Chmod(name, 0o700)
			}
		}
		var dirLock *os.File
		if err == nil {
			dirLock, err = lockDir(s.base, name)
		}
		if err != nil {
			if dirLock != nil {
				dirLock.Close()
			}
			s.base.Remove(name)
			s.base.Remove(lockName)
			lock.Close()
			if attempt < 10 {
				continue
			}
			return err
		}
		s.id, s.name, s.lock, s.dirLock, s.created, s.meta = id, name, lock, dirLock, now, meta
		s.dir = filepath.Join(s.base.Name(), name)
		return nil
	}
}

// lockDir opens the new session directory name in base and takes a shared
// flock on it, held until the session is purged. Where directories are not
// locked (osx.DirLocks), it returns nil: an open directory would keep
// Windows from removing it.
func lockDir(base *os.Root, name string) (*os.File, error) {
	if !osx.DirLocks {
		return nil, nil
	}
	fi, err := base.Lstat(name)
	if err != nil {
		return nil, err
	}
	d, err := base.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := d.Stat()
	if err == nil && !os.SameFile(fi, st) {
		err = fmt.Errorf("%s: replaced while being locked", d.Name())
	}
	if err == nil {
		err = osx.LockShared(d)
	}
	if err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// ID returns the session's id (as in audit events).
func (s *Session) ID() string { return s.id }

// Dir returns the session directory, an absolute path (for a response
// envelope's meta.session_tmp_dir).
func (s *Session) Dir() string { return s.dir }

// PruneError returns what went wrong so far pruning stale sessions and
// expired handoffs, if anything; pruning failures do not fail the start.
// Pruning that does not finish within a short budget during New goes on in
// the background until done or until Close.
func (s *Session) PruneError() error { return s.pruner.err() }

// CreateTemp creates a new file in the session directory, mode 0600, named
// after pattern as in os.CreateTemp. It is removed with the session.
func (s *Session) CreateTemp(pattern string) (*os.File, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	return fsmode.CreateTemp(s.dir, pattern, 0o600)
}

// MkdirTemp creates a new directory in the session directory, mode 0700,
// named after pattern as in os.MkdirTemp. It is removed with the session.
func (s *Session) MkdirTemp(pattern string) (string, error) {
	if err := s.checkOpen(); err != nil {
		return "", err
	}
	return fsmode.MkdirTemp(s.dir, pattern, 0o700)
}

// Create creates (or truncates) the file name, a local path relative to the
// session directory, with mode 0600 exactly whatever the umask, for reading
// and writing. It does not follow symbolic links out of the session
// directory, nor one at name itself. It is removed with the session.
//
// Unlike os.Create in the session directory (0666 minus the umask: 0666
// under umask 000), the file is private by its own mode, not only by the
// directory's.
func (s *Session) Create(name string) (*os.File, error) {
	if err := s.checkOpen(); err != nil {
		return nil, err
	}
	return createIn(s.base, s.name, name)
}

// WriteFile writes data to the file name, a local path relative to the
// session directory, creating it or truncating it, with mode 0600 exactly
// (see Create).
func (s *Session) WriteFile(name string, data []byte) error {
	f, err := s.Create(name)
	if err != nil {
		return err
	}
	return writeClose(f, data)
}

// createIn creates dir/name in base with mode 0600 exactly.
func createIn(base *os.Root, dir, name string) (*os.File, error) {
	if !filepath.IsLocal(name) {
		return nil, fmt.Errorf("session: create %s: not a local path", name)
	}
	f, err := base.OpenFile(filepath.Join(dir, name), os.O_RDWR|os.O_CREATE|os.O_TRUNC|oNoFollow, 0o600)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && fi.Mode().Perm() != 0o600 {
		err = f.Chmod(0o600)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func writeClose(f *os.File, data []byte) error {
	_, err := f.Write(data)
	if err1 := f.Close(); err == nil {
		err = err1
	}
	return err
}

func (s *Session) checkOpen() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return fmt.Errorf("session %s: closed", s.dir)
	}
	return nil
}

// Close removes the session directory with everything in it and releases
// the session. It is safe to call more than once.
//
// A termination signal that arrives while Close is removing the session
// does not cut the removal short: the session keeps catching it until the
// directory and its lock are gone, then the process dies of it (Close does
// not return in that case).
func (s *Session) Close() error {
	err := s.purge(WhyExit)
	if signalPending() {
		// The signal handler is re-raising the signal; returning would let
		// the program run on (or exit with its own code) first.
		select {}
	}
	return err
}

// purge removes the session once; concurrent and later callers wait for
// the first to finish and get its result (so a signal arriving during Close
// does not kill the process before the directory is gone). The session
// stays registered with the signal handler until its directory and lock are
// removed, so that a signal arriving meanwhile is caught, and the handler
// waits here for the removal before it re-raises the signal.
func (s *Session) purge(why string) error {
	s.purgeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		ts := make([]*Transient, 0, len(s.transients))
		for t := range s.transients {
			ts = append(ts, t)
		}
		hs := s.handoffs
		s.handoffs = nil
		s.mu.Unlock()
		s.pruner.wait()
		var errs []error
		for _, t := range ts {
			errs = append(errs, t.purge(why))
		}
		// Handoffs: the expired ones go now, the others stay for the
		// next start (or tmplint sweep) to remove once they expire.
		s.expiring.Wait()
		now := s.cfg.now()
		for h := range hs {
			h.timer.Stop()
			if !now.Before(h.expires) {
				errs = append(errs, s.expireHandoff(h))
			}
		}
		errs = append(errs, s.base.RemoveAll(s.name))
		// The lock file may be gone already: a cleaner such as
		// systemd-tmpfiles ages it away while the directory is kept.
		if err := s.base.Remove(layout.LockName(s.name)); !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
		if s.dirLock != nil {
			errs = append(errs, s.dirLock.Close())
		}
		errs = append(errs, s.lock.Close(), s.base.Close())
		unregister(s)
		// The stream's last event counts every failed delivery before it,
		// once the sinks have had their chance (half the time Close
		// waits at most, so that a blocked sink leaves the other half for
		// the healthy ones to write the last event).
		start := time.Now()
		s.cfg.stream.wait(start.Add(s.cfg.flush / 2))
		s.audit(Event{Event: "purge", Kind: "session", ID: s.id, Path: s.dir, Why: why, CreateEvent: s.createEvent})
		s.cfg.stream.close(start.Add(s.cfg.flush))
		if err := errors.Join(errs...); err != nil {
			s.purgeErr = fmt.Errorf("session %s: %w", s.dir, err)
		}
	})
	return s.purgeErr
}

// Cleanup tells the receiver of a handed-off file how to remove it and when
// it will be removed anyway. It marshals to
//
//	{"command": "rm -f '/tmp/…/report.json'", "auto_cleanup_after_seconds": 300}
//
// Command runs as-is under sh -c and removes exactly that file, whatever
// characters its name holds.
type Cleanup struct {
	Command                 string `json:"command"`
	AutoCleanupAfterSeconds int64  `json:"auto_cleanup_after_seconds"`
	// Path is the file's path after the handoff.
	Path string `json:"-"`
}

// ShellQuote quotes s as one word for a POSIX shell.
func ShellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Handoff hands the file at path, which must be in the session directory,
// to the caller: the file is moved out of the session (so it survives
// Close) into a handoff directory that is removed once ttl has passed — by
// this session, when that happens while it is open or by its Close, and
// otherwise by the next start of any program using this package (or
// tmplint sweep) — as the Cleanup's auto_cleanup_after_seconds promises.
// The returned Cleanup names the new path.
// The authorizations, if any, are written into the audit create event.
func (s *Session) Handoff(path string, ttl time.Duration, auth ...Authorization) (Cleanup, error) {
	if err := s.checkOpen(); err != nil {
		return Cleanup{}, err
	}
	rel, err := filepath.Rel(s.dir, path)
	if err != nil || !filepath.IsLocal(rel) {
		return Cleanup{}, fmt.Errorf("session: handoff %s: not in session directory %s", path, s.dir)
	}
	src := filepath.Join(s.name, rel)
	fi, err := s.base.Lstat(src)
	if err != nil {
		return Cleanup{}, fmt.Errorf("session: handoff: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return Cleanup{}, fmt.Errorf("session: handoff %s: not a regular file", path)
	}
	if ttl < time.Second {
		ttl = time.Second
	}
	id := layout.NewID()
	expires := s.cfg.now().Add(ttl)
	hname := layout.HandoffName(expires, id)
	if err := s.base.Mkdir(hname, 0o700); err != nil {
		return Cleanup{}, fmt.Errorf("session: handoff %s: %w", path, err)
	}
	if err := s.base.Chmod(hname, 0o700); err != nil {
		s.base.Remove(hname)
		return Cleanup{}, fmt.Errorf("session: handoff %s: %w", path, err)
	}
	dst := filepath.Join(hname, filepath.Base(path))
	if err := s.base.Rename(src, dst); err != nil {
		s.base.Remove(hname)
		return Cleanup{}, fmt.Errorf("session: handoff %s: %w", path, err)
	}
	newPath := filepath.Join(s.base.Name(), dst)
	h := &handoff{id: id, name: hname, path: newPath, expires: expires}
	h.createEvent = s.audit(Event{Event: "create", Kind: "handoff", ID: id, Path: newPath, TTLSeconds: seconds(ttl), Expires: &expires, Auth: auth})
	s.mu.Lock()
	if !s.closed {
		if s.handoffs == nil {
			s.handoffs = make(map[*handoff]struct{})
		}
		s.handoffs[h] = struct{}{}
		h.timer = time.AfterFunc(ttl, func() { s.onHandoffExpiry(h) })
	}
	s.mu.Unlock()
	return Cleanup{
		Command:                 "rm -f " + ShellQuote(newPath),
		AutoCleanupAfterSeconds: seconds(ttl),
		Path:                    newPath,
	}, nil
}

// A handoff is one of the session's handed-off files, removed by the
// session when its TTL runs out while the session is open, or at Close if
// it has run out by then.
type handoff struct {
	id, name, path string // name: the handoff directory's name in the base
	expires        time.Time
	createEvent    string
	timer          *time.Timer
}

// onHandoffExpiry removes h when its TTL has run out, unless Close has
// taken over.
func (s *Session) onHandoffExpiry(h *handoff) {
	s.mu.Lock()
	if _, ok := s.handoffs[h]; !ok || s.closed {
		s.mu.Unlock()
		return
	}
	delete(s.handoffs, h)
	s.expiring.Add(1) // Close waits for it before closing the base
	s.mu.Unlock()
	defer s.expiring.Done()
	s.expireHandoff(h)
}

// expireHandoff removes an expired handoff's directory.
func (s *Session) expireHandoff(h *handoff) error {
	if err := s.base.RemoveAll(h.name); err != nil {
		return fmt.Errorf("handoff %s: %w", h.path, err)
	}
	s.audit(Event{Event: "purge", Kind: "handoff", ID: h.id, Path: h.path, Why: WhyTTL, CreateEvent: h.createEvent})
	return nil
}

// A Transient is a directory in the session that is purged when its TTL
// runs out, or with the session, whichever comes first.
type Transient struct {
	s       *Session
	id      string
	path    string
	expires time.Time
	once    sync.Once

	mu          sync.Mutex
	timer       *time.Timer
	createEvent string // the id of its audit create event
	err         error
}

// Transient creates a directory (0700) in the session, named after pattern
// as in os.MkdirTemp, that is purged after ttl. The authorizations, if any,
// are written into the audit create event, to which the purge event refers.
func (s *Session) Transient(pattern string, ttl time.Duration, auth ...Authorization) (*Transient, error) {
	path, err := s.MkdirTemp(pattern)
	if err != nil {
		return nil, err
	}
	t := &Transient{s: s, id: layout.NewID(), path: path, expires: s.cfg.now().Add(ttl)}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		os.RemoveAll(path)
		return nil, fmt.Errorf("session %s: closed", s.dir)
	}
	if s.transients == nil {
		s.transients = make(map[*Transient]struct{})
	}
	s.transients[t] = struct{}{}
	s.mu.Unlock()
	t.mu.Lock()
	t.createEvent = s.audit(Event{Event: "create", Kind: "transient", ID: t.id, Path: path, TTLSeconds: seconds(ttl), Expires: &t.expires, Auth: auth})
	t.timer = time.AfterFunc(ttl, func() { t.purge(WhyTTL) })
	t.mu.Unlock()
	return t, nil
}

// Path returns the directory's path.
func (t *Transient) Path() string { return t.path }

// Create creates (or truncates) the file name, a local path relative to
// the transient directory, with mode 0600 exactly whatever the umask (see
// Session.Create). It is purged with the directory.
func (t *Transient) Create(name string) (*os.File, error) {
	if err := t.s.checkOpen(); err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(t.s.base.Name(), t.path)
	if err != nil {
		return nil, err
	}
	return createIn(t.s.base, rel, name)
}

// WriteFile writes data to the file name, a local path relative to the
// transient directory, creating it or truncating it, with mode 0600
// exactly.
func (t *Transient) WriteFile(name string, data []byte) error {
	f, err := t.Create(name)
	if err != nil {
		return err
	}
	return writeClose(f, data)
}

// Expires returns when the directory will be purged.
func (t *Transient) Expires() time.Time { return t.expires }

// Remove purges the directory now.
func (t *Transient) Remove() error { return t.purge(WhyRemoved) }

func (t *Transient) purge(why string) error {
	t.once.Do(func() {
		t.mu.Lock()
		if t.timer != nil {
			t.timer.Stop()
		}
		t.mu.Unlock()
		s := t.s
		rel, _ := filepath.Rel(s.base.Name(), t.path)
		if err := s.base.RemoveAll(rel); err != nil {
			t.err = fmt.Errorf("session: transient %s: %w", t.path, err)
		}
		t.mu.Lock()
		create := t.createEvent
		t.mu.Unlock()
		s.audit(Event{Event: "purge", Kind: "transient", ID: t.id, Path: t.path, Why: why, CreateEvent: create})
		// Only now, so that a Close running meanwhile waits for this purge
		// (in once.Do) before it closes the base and ends the audit stream.
		s.mu.Lock()
		delete(s.transients, t)
		s.mu.Unlock()
	})
	return t.err
}

func seconds(d time.Duration) int64 {
	return int64(math.Ceil(d.Seconds()))
}

func expiry(t time.Time, ttl time.Duration) *time.Time {
	if ttl <= 0 {
		return nil
	}
	e := t.Add(ttl)
	return &e
}

// Main runs a program's main body with a session and exits with the code
// run returns, after closing the session: the session is removed even
// though os.Exit skips deferred calls, and also when run panics.
func Main(program string, run func(s *Session) int, opts ...Option) {
	s, err := New(program, opts...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(program), err)
		os.Exit(1)
	}
	code := func() int {
		defer s.Close()
		return run(s)
	}()
	os.Exit(code)
}
