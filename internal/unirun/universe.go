package unirun

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"honnef.co/go/tools/go/loader"
)

// A universe holds the types of every package the run has read from
// export data, each read once per process and shared by every package
// type-checked from source afterwards. Staticcheck's runner instead gives
// each package a fresh set of imports, so that every package decodes the
// export data of all its dependencies again: on a cold run that was most
// of the driver's cost (README, "How the standalone driver works").
//
// A test binary's graph recompiles the packages that its package under
// test reaches ("p [p.test]"): those share a path with the package of the
// same name but not its content. Each test binary's variants therefore
// live in a view of their own, one per bracketed suffix, which holds the
// variants and, under the same paths, the very packages of the shared
// view that they import, so that an object has one identity everywhere.
type universe struct {
	mu    sync.Mutex
	fset  *token.FileSet
	views map[string]map[string]*types.Package // by suffix; "" is the shared view
	read  map[*loader.PackageSpec]*types.Package
	specs map[*types.Package]*loader.PackageSpec
	// installed records, per variant view, the paths whose packages it
	// already holds.
	installed map[string]map[string]bool
	suffixes  map[*loader.PackageSpec]string
	// members holds, per variant view, the packages read into it.
	members map[string][]*types.Package
}

func newUniverse(fset *token.FileSet) *universe {
	return &universe{
		fset:      fset,
		views:     map[string]map[string]*types.Package{"": {}},
		read:      make(map[*loader.PackageSpec]*types.Package),
		specs:     make(map[*types.Package]*loader.PackageSpec),
		installed: make(map[string]map[string]bool),
		suffixes:  make(map[*loader.PackageSpec]string),
		members:   make(map[string][]*types.Package),
	}
}

// pkg returns the types of spec, read from its export data together with
// everything it imports, on first use.
func (u *universe) pkg(spec *loader.PackageSpec) (*types.Package, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.pkgLocked(spec)
}

// closure returns the types of spec's dependencies, direct and indirect,
// each read if it was not.
func (u *universe) closure(spec *loader.PackageSpec) ([]*types.Package, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	seen := make(map[*loader.PackageSpec]bool)
	var out []*types.Package
	var visit func(s *loader.PackageSpec) error
	visit = func(s *loader.PackageSpec) error {
		for _, dep := range s.Imports {
			if seen[dep] {
				continue
			}
			seen[dep] = true
			p, err := u.pkgLocked(dep)
			if err != nil {
				return err
			}
			out = append(out, p)
			if err := visit(dep); err != nil {
				return err
			}
		}
		return nil
	}
	return out, visit(spec)
}

// specOf returns the package that p was read for.
func (u *universe) specOf(p *types.Package) *loader.PackageSpec {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.specs[p]
}

func (u *universe) pkgLocked(spec *loader.PackageSpec) (*types.Package, error) {
	if p := u.read[spec]; p != nil {
		return p, nil
	}
	if spec.PkgPath == "unsafe" {
		return types.Unsafe, nil
	}
	// Dependencies first: reading a package then finds every package its
	// export data mentions complete, and adds no partial copy of one.
	for _, dep := range spec.Imports {
		if _, err := u.pkgLocked(dep); err != nil {
			return nil, err
		}
	}
	view, err := u.viewFor(spec)
	if err != nil {
		return nil, err
	}
	p, err := readExport(u.fset, view, spec)
	if err != nil {
		return nil, err
	}
	u.read[spec] = p
	u.specs[p] = spec
	if suffix := u.suffix(spec); suffix != "" {
		u.members[suffix] = append(u.members[suffix], p)
	}
	return p, nil
}

// release forgets the view of a test binary whose packages are all
// analyzed, and returns the packages it held, so that the memory of its
// variants is not kept to the end of the run.
func (u *universe) release(suffix string) []*types.Package {
	u.mu.Lock()
	defer u.mu.Unlock()
	members := u.members[suffix]
	for _, p := range members {
		delete(u.read, u.specs[p])
		delete(u.specs, p)
	}
	delete(u.members, suffix)
	delete(u.views, suffix)
	delete(u.installed, suffix)
	return members
}

// viewFor returns the view that spec's export data is read into: the
// shared one, or its test binary's, made to hold all of spec's
// dependencies under their paths.
func (u *universe) viewFor(spec *loader.PackageSpec) (map[string]*types.Package, error) {
	suffix := u.suffix(spec)
	view := u.views[suffix]
	if suffix == "" {
		return view, nil
	}
	if view == nil {
		view = make(map[string]*types.Package)
		u.views[suffix] = view
		u.installed[suffix] = make(map[string]bool)
	}
	installed := u.installed[suffix]
	var install func(s *loader.PackageSpec) error
	install = func(s *loader.PackageSpec) error {
		for _, dep := range s.Imports {
			if installed[dep.PkgPath] {
				continue
			}
			p, err := u.pkgLocked(dep)
			if err != nil {
				return err
			}
			if old := view[dep.PkgPath]; old != nil && old != p {
				return fmt.Errorf("%s: two packages %s in one test binary", spec.ID, dep.PkgPath)
			}
			view[dep.PkgPath] = p
			installed[dep.PkgPath] = true
			if err := install(dep); err != nil {
				return err
			}
		}
		return nil
	}
	return view, install(spec)
}

// testBinary returns the test binary that spec belongs to (see suffix).
func (u *universe) testBinary(spec *loader.PackageSpec) string {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.suffix(spec)
}

// suffix returns, under u.mu, the bracketed test binary that spec belongs
// to ("[p.test]" for "p [p.test]" and for the test main "p.test", which
// imports such variants), or "" for a package of the shared view.
func (u *universe) suffix(spec *loader.PackageSpec) string {
	if s, ok := u.suffixes[spec]; ok {
		return s
	}
	s := ""
	if i := strings.LastIndex(spec.ID, " ["); i >= 0 && strings.HasSuffix(spec.ID, "]") {
		s = spec.ID[i+1:]
	} else {
		for _, dep := range spec.Imports {
			if s = u.suffix(dep); s != "" {
				break
			}
		}
	}
	u.suffixes[spec] = s
	return s
}

// readExport reads spec's export data into view.
func readExport(fset *token.FileSet, view map[string]*types.Package, spec *loader.PackageSpec) (*types.Package, error) {
	if spec.ExportFile == "" {
		return nil, fmt.Errorf("no export data for %s", spec.ID)
	}
	f, err := os.Open(spec.ExportFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	//lint:ignore SA1019 go list -export names compiler archives until Go 1.29, and NewReader is what reads them.
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", spec.ID, err)
	}
	p, err := gcexportdata.Read(r, fset, view, spec.PkgPath)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", spec.ID, err)
	}
	return p, nil
}
