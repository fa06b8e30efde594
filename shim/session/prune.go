package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/tmplint/tmplint/shim/internal/layout"
)

// defaultPruneBudget bounds the time New spends pruning before it returns;
// what is left is pruned by a background goroutine that Close stops.
const defaultPruneBudget = 50 * time.Millisecond

type pruneItem struct {
	base *os.Root
	name string
}

// A pruner removes, in every program base under the root, the sessions
// whose owner is dead (and whose TTL has passed) and the handoffs whose TTL
// has passed. It never touches an entry whose name is not the shim's.
type pruner struct {
	cfg   config
	bases []*os.Root
	items []pruneItem
	stop  chan struct{}
	done  chan struct{}

	mu   sync.Mutex
	errs []error
}

func newPruner(roots []*os.Root, cfg config) *pruner {
	p := &pruner{cfg: cfg}
	for _, root := range roots {
		p.addRoot(root)
	}
	return p
}

// addRoot lists the stale candidates of every program base under root.
func (p *pruner) addRoot(root *os.Root) {
	progs, err := readNames(root)
	if err != nil {
		p.errs = append(p.errs, err)
		return
	}
	for _, prog := range progs {
		fi, err := root.Lstat(prog)
		if err != nil || !fi.IsDir() {
			continue
		}
		base, err := layout.OpenPrivateSubdir(root, prog, false)
		if err != nil {
			p.errs = append(p.errs, err)
			continue
		}
		names, err := readNames(base)
		if err != nil {
			p.errs = append(p.errs, err)
			base.Close()
			continue
		}
		p.bases = append(p.bases, base)
		present := make(map[string]bool, len(names))
		for _, n := range names {
			present[n] = true
		}
		for _, n := range names {
			if s, ok := layout.IsLockName(n); ok && present[s] {
				continue // handled with its session
			}
			if layout.IsSessionName(n) || isHandoff(n) || isLock(n) {
				p.items = append(p.items, pruneItem{base, n})
			}
		}
	}
}

func isLock(name string) bool {
	_, ok := layout.IsLockName(name)
	return ok
}

// run prunes until budget (if not negative) is spent, then hands the rest
// to a background goroutine.
func (p *pruner) run(budget time.Duration) {
	start := time.Now()
	for len(p.items) > 0 {
		if budget >= 0 && time.Since(start) > budget {
			p.stop, p.done = make(chan struct{}), make(chan struct{})
			go p.background()
			return
		}
		p.one()
	}
	p.close()
}

func (p *pruner) background() {
	defer close(p.done)
	defer p.close()
	for len(p.items) > 0 {
		select {
		case <-p.stop:
			return
		default:
		}
		p.one()
	}
}

func (p *pruner) one() {
	it := p.items[0]
	p.items = p.items[1:]
	if err := pruneEntry(it.base, it.name, p.cfg, p.cfg.now()); err != nil {
		p.mu.Lock()
		p.errs = append(p.errs, err)
		p.mu.Unlock()
	}
}

func (p *pruner) close() {
	for _, b := range p.bases {
		b.Close()
	}
}

// wait stops the background pruning, if any, after the entry in progress.
func (p *pruner) wait() {
	if p.stop != nil {
		close(p.stop)
		<-p.done
	}
}

func (p *pruner) err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return errors.Join(p.errs...)
}

func readNames(r *os.Root) ([]string, error) {
	d, err := r.Open(".")
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Readdirnames(-1)
}

// pruneEntry prunes one entry of a program base if it is stale.
func pruneEntry(base *os.Root, name string, cfg config, now time.Time) error {
	switch {
	case layout.IsSessionName(name):
		return pruneSession(base, name, cfg, now)
	case isHandoff(name):
		exp, _ := layout.HandoffExpiry(name)
		if now.Before(exp) {
			return nil
		}
		if err := base.RemoveAll(name); err != nil {
			return err
		}
		id := name[strings.LastIndexByte(name, '-')+1:]
		writeAudit(cfg, Event{Event: "purge", Kind: "handoff", ID: id, Path: filepath.Join(base.Name(), name), Why: WhyTTL})
	default:
		if s, ok := layout.IsLockName(name); ok {
			return pruneOrphanLock(base, s, now)
		}
	}
	return nil
}

func isHandoff(name string) bool {
	_, ok := layout.HandoffExpiry(name)
	return ok
}

func pruneSession(base *os.Root, name string, cfg config, now time.Time) error {
	path := filepath.Join(base.Name(), name)
	live, lock, err := layout.ProbeOwner(base, name)
	if err != nil || live == layout.Alive {
		return err
	}
	ev := Event{Event: "purge", Kind: "session", ID: name[len(layout.SessionPrefix):], Path: path, Why: WhyStale}
	if live == layout.NoLock {
		// A session directory without a lock file: its lock was removed
		// by something else; prune only once it is clearly abandoned.
		fi, err := base.Lstat(name)
		if err != nil || !fi.IsDir() || now.Sub(fi.ModTime()) < layout.OrphanGrace {
			return nil
		}
		if err := base.RemoveAll(name); err != nil {
			return err
		}
		writeAudit(cfg, ev)
		return nil
	}
	defer lock.Close()
	if m, err := layout.ReadMeta(lock); err == nil {
		ev.OwnerPID, ev.Program, ev.CreateEvent = m.PID, m.Program, m.AuditEvent
		if m.TTLSeconds > 0 && now.Before(m.Created.Add(time.Duration(m.TTLSeconds)*time.Second)) {
			return nil
		}
	}
	fi, err := base.Lstat(name)
	if err == nil && !fi.IsDir() {
		return fmt.Errorf("%s: not a directory", path)
	}
	if err == nil {
		if err := base.RemoveAll(name); err != nil {
			return err
		}
	}
	if err := base.Remove(layout.LockName(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	writeAudit(cfg, ev)
	return nil
}

// pruneOrphanLock removes a lock file whose session directory is gone (a
// pruner died between the two removals), once it is old and unlocked.
func pruneOrphanLock(base *os.Root, sessionName string, now time.Time) error {
	if _, err := base.Lstat(sessionName); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	fi, err := base.Lstat(layout.LockName(sessionName))
	if err != nil || now.Sub(fi.ModTime()) < layout.OrphanGrace {
		return nil
	}
	live, lock, err := layout.ProbeOwner(base, sessionName)
	if err != nil || live != layout.Dead {
		return err
	}
	defer lock.Close()
	if _, err := base.Lstat(sessionName); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return base.Remove(layout.LockName(sessionName))
}
