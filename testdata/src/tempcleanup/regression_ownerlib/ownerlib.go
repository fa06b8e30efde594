// Package ownerlib has owner types whose methods remove a temp directory
// held in a field: DiffSystem makes it lazily (chezmoi's
// ExternalDiffSystem), FileSystem is handed it by its constructor
// (go-diskfs' iso9660.Create). Package regression_ownercaller uses them
// across the package boundary, where only their facts are known.
package ownerlib

import (
	"errors"
	"os"
	"path/filepath"
)

// AbsPath wraps a path, as chezmoi's does.
type AbsPath struct{ path string }

func NewAbsPath(p string) AbsPath { return AbsPath{path: p} } // want NewAbsPath:"takes\\(0\\)"

func (p AbsPath) String() string { return p.path }

func (p AbsPath) IsEmpty() bool { return p.path == "" }

// DiffSystem makes its temp directory on first use; only Close removes it.
type DiffSystem struct { // want DiffSystem:"ownsTemp\\(dir, releasers Close, creators WriteFile dir\\)"
	tempDir AbsPath
}

func New() *DiffSystem { return &DiffSystem{} } // want New:"returnsOwner\\(0 ownerlib.DiffSystem\\)"

// Shared is not fresh: every caller gets the same value.
var shared = New()

func Shared() *DiffSystem { return shared }

func (s *DiffSystem) Close() error {
	if !s.tempDir.IsEmpty() {
		return os.RemoveAll(s.tempDir.String())
	}
	return nil
}

func (s *DiffSystem) dir() (AbsPath, error) {
	if s.tempDir.IsEmpty() {
		d, err := os.MkdirTemp("", "diff")
		if err != nil {
			return AbsPath{}, err
		}
		s.tempDir = NewAbsPath(d)
	}
	return s.tempDir, nil
}

func (s *DiffSystem) WriteFile(name string, data []byte) error { // want WriteFile:"borrows\\(0\\)"
	d, err := s.dir()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(d.String(), name), data, 0o600)
}

// Stat makes nothing.
func (s *DiffSystem) Stat(name string) (os.FileInfo, error) { return os.Stat(name) } // want Stat:"borrows\\(0\\)"

// FileSystem keeps the workspace it is given; Finalize removes it on
// success and Close in any case.
type FileSystem struct { // want FileSystem:"ownsTemp\\(dir, releasers Close Finalize\\)"
	workspace string
}

func Create(workspace string) (*FileSystem, error) { // want Create:"returnsOwner\\(0 ownerlib.FileSystem\\)" Create:"takes\\(0\\)"
	if _, err := os.Stat(workspace); err != nil {
		return nil, err
	}
	return &FileSystem{workspace: workspace}, nil
}

// Open reads an image: it holds no workspace.
func Open() (*FileSystem, error) { return &FileSystem{}, nil } // want Open:"returnsOwner\\(0 ownerlib.FileSystem\\)"

func (fs *FileSystem) WriteFile(name string, data []byte) error { // want WriteFile:"borrows\\(0\\)"
	if fs.workspace == "" {
		return errors.New("read-only")
	}
	return os.WriteFile(filepath.Join(fs.workspace, name), data, 0o600)
}

func (fs *FileSystem) Finalize(label string) error { // want Finalize:"borrows\\(0\\)"
	if fs.workspace == "" {
		return errors.New("finalized")
	}
	_ = os.RemoveAll(fs.workspace)
	fs.workspace = ""
	return nil
}

func (fs *FileSystem) Close() error {
	if fs.workspace != "" {
		return os.RemoveAll(fs.workspace)
	}
	return nil
}

// System is what both Plain and DiffSystem implement; it has no Close.
type System interface {
	WriteFile(name string, data []byte) error
}

// Plain writes in place and owns nothing.
type Plain struct{}

func (Plain) WriteFile(name string, data []byte) error { return os.WriteFile(name, data, 0o600) } // want WriteFile:"borrows\\(0\\)"

// NewSystem returns a DiffSystem when diff is set, a Plain otherwise.
func NewSystem(diff bool) System { // want NewSystem:"returnsOwner\\(0 ownerlib.DiffSystem on some paths\\)"
	if diff {
		return New()
	}
	return &Plain{}
}

// Cached may return a DiffSystem made earlier: no owner fact.
func Cached(diff bool) System {
	if diff {
		return shared
	}
	return &Plain{}
}

// Workspace is what FileSystem implements, Close included (go-diskfs'
// filesystem.FileSystem).
type Workspace interface {
	WriteFile(name string, data []byte) error
	Close() error
}

// Derived prints as another path than the one it holds.
type Derived struct{ p string }

func (d Derived) String() string { return filepath.Dir(d.p) }

// Cache removes what its wrapper prints, the parent of the path it holds,
// not that path: no owner fact (the removal is judged by what String
// returns, not by its name).
type Cache struct {
	dir Derived
}

func (c *Cache) Close() error { return os.RemoveAll(c.dir.String()) }
