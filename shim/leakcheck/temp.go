package leakcheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// maxSamples is how many paths of a leaked tree a message names.
const maxSamples = 3

// tempNames lists the entries of dir by name, each with its identity (see
// fileID), so that an entry removed and made again under the same name
// counts as new.
func tempNames(dir string) map[string]string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	m := make(map[string]string, len(ents))
	for _, e := range ents {
		m[e.Name()] = ""
		if fi, err := e.Info(); err == nil {
			m[e.Name()] = fileID(fi)
		}
	}
	return m
}

// newTemp describes the entries of dir that are not in before.
func newTemp(dir string, before map[string]string) []tempEntry {
	var out []tempEntry
	for name, id := range tempNames(dir) {
		if old, ok := before[name]; ok && old == id {
			continue
		}
		if e, ok := describe(dir, name); ok {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].rel < out[j].rel })
	return out
}

// describe summarises the entry name of dir, and for a directory the tree
// below it, never following a symbolic link.
func describe(dir, name string) (tempEntry, bool) {
	root := filepath.Join(dir, name)
	fi, err := os.Lstat(root)
	if err != nil {
		return tempEntry{}, false // removed meanwhile
	}
	e := tempEntry{rel: name, mode: fi.Mode()}
	if !fi.IsDir() {
		e.size = fi.Size()
		return e, true
	}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return nil
		}
		if d.IsDir() {
			e.dirs++
		} else {
			e.files++
			if info, err := d.Info(); err == nil && info.Mode().IsRegular() {
				e.size += info.Size()
			}
		}
		if len(e.samples) < maxSamples {
			rel, _ := filepath.Rel(dir, p)
			e.samples = append(e.samples, filepath.ToSlash(rel))
		}
		return nil
	})
	return e, true
}

// removeTree removes dir and everything below it, first making writable the
// directories a test left read-only, so that the private TMPDIR never
// outlives the run.
func removeTree(dir string) error {
	if os.RemoveAll(dir) == nil {
		return nil
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(p, 0o700)
		}
		return nil
	})
	return os.RemoveAll(dir)
}
