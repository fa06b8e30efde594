package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/tmplint/tmplint/shim/internal/layout"
)

// prune removes, in every program base under root, the sessions whose owner
// is dead (and whose TTL has passed) and the handoffs whose TTL has passed.
// It never touches an entry whose name is not the shim's.
func prune(root *os.Root, cfg config) error {
	progs, err := readNames(root)
	if err != nil {
		return err
	}
	var errs []error
	for _, prog := range progs {
		fi, err := root.Lstat(prog)
		if err != nil || !fi.IsDir() {
			continue
		}
		base, err := layout.OpenPrivateSubdir(root, prog, false)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, pruneBase(base, cfg))
		base.Close()
	}
	return errors.Join(errs...)
}

func readNames(r *os.Root) ([]string, error) {
	d, err := r.Open(".")
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Readdirnames(-1)
}

func pruneBase(base *os.Root, cfg config) error {
	names, err := readNames(base)
	if err != nil {
		return err
	}
	now := cfg.now()
	var errs []error
	for _, name := range names {
		switch {
		case layout.IsSessionName(name):
			errs = append(errs, pruneSession(base, name, cfg, now))
		case isHandoff(name):
			exp, _ := layout.HandoffExpiry(name)
			if now.Before(exp) {
				continue
			}
			if err := base.RemoveAll(name); err != nil {
				errs = append(errs, err)
				continue
			}
			writeAudit(cfg, Event{Event: "purge", Kind: "handoff", Path: filepath.Join(base.Name(), name), Why: WhyTTL})
		default:
			if s, ok := layout.IsLockName(name); ok {
				errs = append(errs, pruneOrphanLock(base, s, now))
			}
		}
	}
	return errors.Join(errs...)
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
		ev.OwnerPID, ev.Program = m.PID, m.Program
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
