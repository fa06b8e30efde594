// Package prunednextrun: a temp object kept at return by a function that
// first removes what earlier runs left at the same pattern (a glob of the
// directory, then os.Remove or os.RemoveAll of each match) is pruned on
// the next run: strict-only (issue 26: tailscale's clientupdate). A glob of
// another pattern or directory, a glob whose matches are not removed, or
// a removal after the creation or on some paths only keeps the finding.
package prunednextrun

import (
	"log"
	"os"
	"path/filepath"
)

type updater struct{}

// cleanupOldDownloads removes the files that match glob.
func (up *updater) cleanupOldDownloads(glob string) {
	matches, err := filepath.Glob(glob)
	if err != nil {
		log.Print(err)
		return
	}
	for _, m := range matches {
		if err := os.Remove(m); err != nil {
			log.Print(err)
		}
	}
}

// listOld only lists them.
func listOld(glob string) {
	matches, _ := filepath.Glob(glob)
	for _, m := range matches {
		log.Print(m)
	}
}

// update is tailscale's: the downloads of earlier updates go first.
func (up *updater) update() error {
	up.cleanupOldDownloads(filepath.Join(os.TempDir(), "app-update*", "*.pkg"))
	dir, err := os.MkdirTemp("", "app-update") // ok: strict-only, pruned on the next run
	if err != nil {
		return err
	}
	return install(filepath.Join(dir, "app.pkg"))
}

// inline globs and removes in the function itself.
func inline() error {
	old, _ := filepath.Glob(filepath.Join(os.TempDir(), "app-cache-*.tmp"))
	for _, o := range old {
		os.RemoveAll(o)
	}
	f, err := os.CreateTemp("", "app-cache-*.tmp") // ok: strict-only
	if err != nil {
		return err
	}
	return f.Close()
}

// otherPattern prunes names the creation never makes.
func (up *updater) otherPattern() error {
	up.cleanupOldDownloads(filepath.Join(os.TempDir(), "other-*", "*.pkg"))
	dir, err := os.MkdirTemp("", "app-update") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		return err
	}
	return install(dir)
}

// otherDir prunes another directory.
func (up *updater) otherDir(cache string) error {
	up.cleanupOldDownloads(filepath.Join(cache, "app-update*"))
	dir, err := os.MkdirTemp("", "app-update") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		return err
	}
	return install(dir)
}

// listed globs the pattern but removes nothing.
func listed() error {
	listOld(filepath.Join(os.TempDir(), "app-update*"))
	dir, err := os.MkdirTemp("", "app-update") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		return err
	}
	return install(dir)
}

// afterwards prunes once the new one exists: the removal is not what
// keeps the disk bounded here, and it takes the new one too.
func (up *updater) afterwards() error {
	dir, err := os.MkdirTemp("", "app-update") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		return err
	}
	up.cleanupOldDownloads(filepath.Join(os.TempDir(), "app-update*", "*.pkg"))
	return install(dir)
}

// sometimes prunes on one branch only.
func (up *updater) sometimes(clean bool) error {
	if clean {
		up.cleanupOldDownloads(filepath.Join(os.TempDir(), "app-update*", "*.pkg"))
	}
	dir, err := os.MkdirTemp("", "app-update") // want `temp directory dir from os.MkdirTemp is not removed on any path`
	if err != nil {
		return err
	}
	return install(dir)
}

func install(string) error { return nil }
