// Package sweep finds and removes orphaned temp directories: the library
// behind `tmplint sweep`.
//
// A directory under the base (default: the system temp dir) is a candidate
// when its path relative to the base matches a pattern — by default exactly
// the session and handoff directory names of the shim's session package, so
// nothing else is ever touched unless asked for with an extra glob — and it
// is a real directory (never a symbolic link), owned by the current user,
// as is everything inside it, untouched (newest modification time in its
// tree) for at least MinAge, and not in use: a session whose owner still
// holds its lock, or a handoff whose TTL has not run out, is skipped; so is
// any matched directory with a sibling "<name>.lock" that is locked, and
// (on Linux, from /proc/*/fd and /proc/*/cwd) any tree that a live process
// has open, or works in, anywhere in it. Elsewhere that is not checked, and
// the plan's Warnings say so.
//
// Scan builds a Plan listing the candidates with their sizes and ages and
// every skipped entry with the reason. Execute re-checks each candidate
// right before removing it — same directory (device and inode), still
// owned, still old enough, nothing modified since the scan, owner still
// gone (and its lock held by the sweeper during removal), not in use by a
// process (as of a look at /proc no older than a second) — and removes it
// through descriptors that never follow a symbolic link, so a link planted
// as or inside a candidate cannot lead the removal outside it.
package sweep

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/tmplint/tmplint/shim/internal/layout"
	"github.com/tmplint/tmplint/shim/internal/osx"
)

// DefaultMinAge is the minimum age the command uses when none is given.
const DefaultMinAge = time.Hour

// Kinds of candidates.
const (
	KindSession = "session" // a shim session directory
	KindHandoff = "handoff" // a shim handoff directory
	KindPattern = "pattern" // matched by an extra glob
)

// Owner states of candidates.
const (
	OwnerDead    = "dead"    // its lock was free
	OwnerExpired = "expired" // a handoff past its TTL
	OwnerNoLock  = "no-lock" // no lock file: judged by age alone
)

// Options configure a sweep.
type Options struct {
	// Base is the directory searched; "" means os.TempDir().
	Base string
	// Patterns are extra globs (path.Match syntax, '/' between levels)
	// matched against paths relative to Base, in addition to the shim's
	// own session and handoff directories.
	Patterns []string
	// MinAge is how long a candidate's tree must have been unmodified.
	MinAge time.Duration
	// Now returns the current time (default time.Now).
	Now func() time.Time
}

// A Candidate is a directory the sweep would remove.
type Candidate struct {
	Path       string    `json:"path"`
	Kind       string    `json:"kind"`
	Owner      string    `json:"owner"`
	SizeBytes  int64     `json:"size_bytes"`
	Entries    int       `json:"entries"`
	Modified   time.Time `json:"modified"` // newest modification in the tree
	AgeSeconds int64     `json:"age_seconds"`

	parent *os.Root
	name   string
	fi     fs.FileInfo
}

// Age returns how long the candidate's tree has been unmodified, as of the
// scan.
func (c *Candidate) Age() time.Duration { return time.Duration(c.AgeSeconds) * time.Second }

// A Skip is an entry that matched but is not removed, and why.
type Skip struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// A Failure is a candidate whose removal failed.
type Failure struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

// A Plan is the outcome of a scan.
type Plan struct {
	Base       string       `json:"base"`
	Candidates []*Candidate `json:"candidates"`
	Skipped    []Skip       `json:"skipped"`
	// Warnings say what the sweep cannot check here.
	Warnings []string `json:"warnings,omitempty"`

	opts    Options
	roots   []*os.Root
	inUse   map[fileKey]user // files and dirs live processes use, from /proc
	inUseAt time.Time
}

// fileKey is a file's device and inode.
type fileKey struct{ dev, ino uint64 }

// A user is a process that has a file open or as its working directory.
type user struct {
	pid int
	cwd bool
}

// inUseMaxAge bounds how old the look at the processes' open files may be
// when a candidate is re-checked before removal.
const inUseMaxAge = time.Second

// refreshInUse looks at the processes' open files and working directories
// again if the last look is older than maxAge.
func (p *Plan) refreshInUse(maxAge time.Duration) {
	if time.Since(p.inUseAt) > maxAge {
		p.inUse, p.inUseAt = scanInUse(), time.Now()
	}
}

// A Result is the outcome of Execute.
type Result struct {
	Removed    []*Candidate `json:"removed"`
	FreedBytes int64        `json:"freed_bytes"`
	Skipped    []Skip       `json:"skipped"`
	Failed     []Failure    `json:"failed"`
}

// matcher matches one path component.
type matcher func(name string) bool

type pattern struct {
	parts []matcher
	kind  string
}

func defaultPatterns() []pattern {
	root := layout.RootName()
	isRoot := func(n string) bool { return n == root || layout.IsFallbackRootName(n) }
	anyName := func(string) bool { return true }
	isHandoff := func(n string) bool { _, ok := layout.HandoffExpiry(n); return ok }
	return []pattern{
		{[]matcher{isRoot, anyName, layout.IsSessionName}, KindSession},
		{[]matcher{isRoot, anyName, isHandoff}, KindHandoff},
	}
}

// CheckPattern reports whether glob is a valid extra pattern: relative,
// with no empty, "." or ".." level, and valid path.Match syntax.
func CheckPattern(glob string) error {
	if glob == "" || strings.HasPrefix(glob, "/") || strings.Contains(glob, `\`) && filepath.Separator == '/' {
		return fmt.Errorf("pattern %q: must be a relative glob with / between levels", glob)
	}
	for part := range strings.SplitSeq(glob, "/") {
		if part == "" || part == "." || part == ".." {
			return fmt.Errorf("pattern %q: empty, . or .. level", glob)
		}
		if _, err := path.Match(part, ""); err != nil {
			return fmt.Errorf("pattern %q: %w", glob, err)
		}
		if part == "*" && !strings.Contains(glob, "/") {
			return fmt.Errorf("pattern %q: matches every entry; name the directories more strictly", glob)
		}
	}
	return nil
}

func globPattern(glob string) pattern {
	var p pattern
	p.kind = KindPattern
	for part := range strings.SplitSeq(glob, "/") {
		p.parts = append(p.parts, func(n string) bool {
			ok, _ := path.Match(part, n)
			return ok
		})
	}
	return p
}

// Scan searches opts.Base for candidates. It fails only when the base
// cannot be opened or a pattern is invalid; everything else that matched
// but is not a candidate is listed in Plan.Skipped with the reason.
// Close the plan when done.
func Scan(opts Options) (*Plan, error) {
	if opts.Base == "" {
		opts.Base = os.TempDir()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	pats := defaultPatterns()
	for _, g := range opts.Patterns {
		if err := CheckPattern(g); err != nil {
			return nil, err
		}
		pats = append(pats, globPattern(g))
	}
	base, err := os.OpenRoot(opts.Base)
	if err != nil {
		return nil, fmt.Errorf("sweep: %w", err)
	}
	p := &Plan{Base: opts.Base, opts: opts, roots: []*os.Root{base}}
	if inUseChecked != "" {
		p.Warnings = append(p.Warnings, inUseChecked)
	}
	p.refreshInUse(0)
	s := &scanner{plan: p, now: opts.Now(), seen: map[string]bool{}}
	s.walk(base, "", pats, 0)
	p.dropNested()
	slices.SortFunc(p.Candidates, func(a, b *Candidate) int { return strings.Compare(a.Path, b.Path) })
	return p, nil
}

// Close releases the directories the plan holds open.
func (p *Plan) Close() error {
	var errs []error
	for _, r := range p.roots {
		errs = append(errs, r.Close())
	}
	p.roots = nil
	return errors.Join(errs...)
}

// TotalBytes is the candidates' total size.
func (p *Plan) TotalBytes() int64 {
	var n int64
	for _, c := range p.Candidates {
		n += c.SizeBytes
	}
	return n
}

type scanner struct {
	plan *Plan
	now  time.Time
	seen map[string]bool
}

func (s *scanner) skip(path, format string, args ...any) {
	s.plan.Skipped = append(s.plan.Skipped, Skip{Path: path, Reason: fmt.Sprintf(format, args...)})
}

// walk matches the entries of dir (at relative path rel) against level
// depth of the live patterns.
func (s *scanner) walk(dir *os.Root, rel string, pats []pattern, depth int) {
	names, err := readNames(dir)
	if err != nil {
		s.skip(dir.Name(), "unreadable directory: %v", err)
		return
	}
	slices.Sort(names)
	for _, name := range names {
		var final *pattern
		var deeper []pattern
		for i := range pats {
			if depth < len(pats[i].parts) && pats[i].parts[depth](name) {
				if depth == len(pats[i].parts)-1 {
					if final == nil {
						final = &pats[i]
					}
				} else {
					deeper = append(deeper, pats[i])
				}
			}
		}
		if final == nil && deeper == nil {
			continue
		}
		p := filepath.Join(dir.Name(), name)
		fi, err := dir.Lstat(name)
		if err != nil {
			s.skip(p, "unreadable: %v", err)
			continue
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			s.skip(p, "symbolic link (never followed)")
			continue
		}
		if !fi.IsDir() {
			if final != nil {
				s.skip(p, "not a directory (%v)", fi.Mode().Type())
			}
			continue
		}
		if err := osx.CheckOwned(p, fi); err != nil {
			s.skip(p, "%s", strings.TrimPrefix(err.Error(), p+": "))
			continue
		}
		if final != nil && !s.seen[p] {
			s.seen[p] = true
			s.consider(dir, name, fi, final.kind)
		}
		if deeper != nil {
			sub, err := openSameDir(dir, name, fi)
			if err != nil {
				s.skip(p, "unreadable: %v", err)
				continue
			}
			s.plan.roots = append(s.plan.roots, sub)
			s.walk(sub, path.Join(rel, name), deeper, depth+1)
		}
	}
}

func readNames(r *os.Root) ([]string, error) {
	d, err := r.Open(".")
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Readdirnames(-1)
}

// openSameDir opens name in dir as a root and checks that it is the
// directory lstat'ed as fi.
func openSameDir(dir *os.Root, name string, fi fs.FileInfo) (*os.Root, error) {
	r, err := dir.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	st, err := r.Stat(".")
	if err == nil && !os.SameFile(fi, st) {
		err = errors.New("replaced while being opened")
	}
	if err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// usage walks a candidate's tree without following links: total size,
// entry count, newest modification time; an entry owned by someone else or
// an unreadable one is an error.
func usage(dir *os.Root, name string, fi fs.FileInfo, inUse map[fileKey]user) (size int64, entries int, newest time.Time, err error) {
	r, err := openSameDir(dir, name, fi)
	if err != nil {
		return 0, 0, time.Time{}, err
	}
	defer r.Close()
	newest = fi.ModTime()
	err = fs.WalkDir(r.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("unreadable %s: %w", p, err)
		}
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("unreadable %s: %w", p, err)
		}
		if p != "." {
			entries++
			if info.Mode().IsRegular() {
				size += info.Size()
			}
		}
		if info.ModTime().After(newest) {
			newest = info.ModTime()
		}
		if uid, ok := osx.Owner(info); ok && uid != os.Getuid() {
			return fmt.Errorf("contains %s owned by uid %d", p, uid)
		}
		if k, ok := keyOf(info); ok && inUse != nil {
			if u, busy := inUse[k]; busy {
				if p == "." {
					return fmt.Errorf("in use: %v", u)
				}
				return fmt.Errorf("in use: %s: %v", p, u)
			}
		}
		return nil
	})
	return size, entries, newest, err
}

// liveness reports whether the candidate's owner is gone; when it returns
// a lock file, the caller holds the owner's lock until it closes it.
func liveness(dir *os.Root, name, kind string, now time.Time) (state string, lock *os.File, reason string, err error) {
	if kind == KindHandoff {
		exp, _ := layout.HandoffExpiry(name)
		if now.Before(exp) {
			return "", nil, fmt.Sprintf("handoff not expired (until %s)", exp.UTC().Format(time.RFC3339)), nil
		}
		return OwnerExpired, nil, "", nil
	}
	live, lock, err := layout.ProbeOwner(dir, name)
	switch {
	case err != nil:
		return "", nil, "", err
	case live == layout.Alive:
		return "", nil, "owner alive (lock held)", nil
	case live == layout.Dead:
		return OwnerDead, lock, "", nil
	}
	return OwnerNoLock, nil, "", nil
}

func (s *scanner) consider(dir *os.Root, name string, fi fs.FileInfo, kind string) {
	p := filepath.Join(dir.Name(), name)
	size, entries, newest, err := usage(dir, name, fi, s.plan.inUse)
	if err != nil {
		s.skip(p, "%v", err)
		return
	}
	age := s.now.Sub(newest)
	if age < s.plan.opts.MinAge {
		s.skip(p, "too young: modified %s ago, min-age %s", roundAge(age), s.plan.opts.MinAge)
		return
	}
	state, lock, reason, err := liveness(dir, name, kind, s.now)
	if lock != nil {
		lock.Close() // re-taken right before removal
	}
	if err != nil {
		s.skip(p, "owner unknown: %v", err)
		return
	}
	if reason != "" {
		s.skip(p, "%s", reason)
		return
	}
	s.plan.Candidates = append(s.plan.Candidates, &Candidate{
		Path: p, Kind: kind, Owner: state, SizeBytes: size, Entries: entries,
		Modified: newest, AgeSeconds: int64(age / time.Second),
		parent: dir, name: name, fi: fi,
	})
}

// dropNested skips candidates inside other candidates.
func (p *Plan) dropNested() {
	slices.SortFunc(p.Candidates, func(a, b *Candidate) int { return strings.Compare(a.Path, b.Path) })
	var kept []*Candidate
	for _, c := range p.Candidates {
		if n := len(kept); n > 0 && strings.HasPrefix(c.Path, kept[n-1].Path+string(filepath.Separator)) {
			p.Skipped = append(p.Skipped, Skip{Path: c.Path, Reason: "inside candidate " + kept[n-1].Path})
			continue
		}
		kept = append(kept, c)
	}
	p.Candidates = kept
}

func roundAge(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(time.Second)
}

// removeAll is (*os.Root).RemoveAll; tests replace it to inject failures.
var removeAll = (*os.Root).RemoveAll

// testHookBeforeRemove runs after the re-checks, right before a removal.
var testHookBeforeRemove func(path string)

// Execute removes the plan's candidates, re-checking each right before
// removing it. The scan's skips are carried into the result, followed by
// the candidates that failed a re-check.
func (p *Plan) Execute() *Result {
	res := &Result{Skipped: slices.Clone(p.Skipped)}
	for _, c := range p.Candidates {
		reason, err := p.removeOne(c)
		switch {
		case err != nil:
			res.Failed = append(res.Failed, Failure{Path: c.Path, Error: err.Error()})
		case reason != "":
			res.Skipped = append(res.Skipped, Skip{Path: c.Path, Reason: reason})
		default:
			res.Removed = append(res.Removed, c)
			res.FreedBytes += c.SizeBytes
		}
	}
	return res
}

// removeOne re-checks a candidate and removes it; a non-empty reason means
// it was skipped.
func (p *Plan) removeOne(c *Candidate) (reason string, err error) {
	dir := c.parent
	fi, err := dir.Lstat(c.name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "gone since the scan", nil
	case err != nil:
		return "", err
	case fi.Mode()&fs.ModeSymlink != 0:
		return "replaced by a symbolic link since the scan (never followed)", nil
	case !fi.IsDir() || !os.SameFile(fi, c.fi):
		return "replaced since the scan", nil
	case !fi.ModTime().Equal(c.fi.ModTime()):
		return "modified since the scan", nil
	}
	if err := osx.CheckOwned(c.Path, fi); err != nil {
		return "owner changed since the scan: " + strings.TrimPrefix(err.Error(), c.Path+": "), nil
	}
	now := p.opts.Now()
	_, lock, why, err := liveness(dir, c.name, c.Kind, now)
	if err != nil {
		return "owner unknown: " + err.Error(), nil
	}
	if why != "" {
		return why + " at removal time", nil
	}
	if lock != nil {
		defer lock.Close() // hold the dead owner's lock while removing
	}
	p.refreshInUse(inUseMaxAge)
	_, _, newest, err := usage(dir, c.name, fi, p.inUse)
	if err != nil {
		return err.Error(), nil
	}
	if newest.After(c.Modified) {
		return "modified since the scan", nil
	}
	if age := now.Sub(newest); age < p.opts.MinAge {
		return fmt.Sprintf("too young at removal time: modified %s ago", roundAge(age)), nil
	}
	if testHookBeforeRemove != nil {
		testHookBeforeRemove(c.Path)
	}
	// RemoveAll through the parent's descriptor unlinks a symbolic link
	// rather than following it, and opens subdirectories with O_NOFOLLOW.
	if err := removeAll(dir, c.name); err != nil {
		return "", err
	}
	if lock != nil && c.Kind == KindSession {
		if err := dir.Remove(layout.LockName(c.name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	return "", nil
}

// IsTerminal reports whether f is a terminal (for the command's
// confirmation prompt).
func IsTerminal(f *os.File) bool { return osx.IsTerminal(f) }
