// Package regression_ownercaller makes values of another package's owner
// types and drops them without calling the method that removes their temp
// directory (recall audit S13: chezmoi never closes its
// ExternalDiffSystem; lima drops go-diskfs' *iso9660.FileSystem, which
// holds its workspace, on the error returns). Negative cases sit beside.
package regression_ownercaller

import (
	"io"
	"os"

	"tempcleanup/regression_ownerlib"
)

// Config keeps a diff system that nothing closes: its WriteFile makes a
// temp directory that only Close removes.
type Config struct {
	system *ownerlib.DiffSystem
}

func (c *Config) Run(data []byte) error {
	c.system = ownerlib.New() // want `field system of Config holds a ownerlib.DiffSystem from ownerlib.New whose WriteFile makes a temp directory that only its Close removes, and no code of package regression_ownercaller calls it on the field, so it stays on disk: call c.system.Close\(\) when Config is done with it`
	return c.system.WriteFile("target", data)
}

// RunLocal drops the value in a local variable.
func RunLocal(data []byte) error {
	s := ownerlib.New()
	return s.WriteFile("target", data) // want `temp directory that ownerlib.DiffSystem's WriteFile makes is held by s and removed only by its Close, and this return drops s without calling it, so it stays on disk: call s.Close\(\) before returning`
}

// Write hands a temp directory to a constructor that keeps it and drops
// the owner on the error returns (lima's iso9660util.Write).
func Write(files map[string][]byte) error {
	workdir, err := os.MkdirTemp("", "iso") // want `temp directory workdir from os.MkdirTemp is stored for later but not removed on the return that leaks it`
	if err != nil {
		return err
	}
	fs, err := ownerlib.Create(workdir)
	if err != nil {
		return err
	}
	for name, data := range files {
		if err := writeFile(fs, name, data); err != nil {
			return err // want `temp directory workdir, handed to ownerlib.Create, is held by fs and removed only by its Close or Finalize, and this return drops fs without calling it, so it stays on disk: call fs.Close\(\) before returning`
		}
	}
	return fs.Finalize("cidata")
}

// writeFile only uses the owner.
func writeFile(fs *ownerlib.FileSystem, name string, data []byte) error {
	return fs.WriteFile(name, data)
}

// Server closes the diff system it keeps: no finding.
type Server struct {
	system *ownerlib.DiffSystem
}

func (s *Server) Open(data []byte) error {
	s.system = ownerlib.New()
	return s.system.WriteFile("target", data)
}

func (s *Server) Close() error { return s.system.Close() }

// Lazy never calls a creating method through its field: nothing is made.
type Lazy struct {
	system *ownerlib.DiffSystem
}

func (l *Lazy) Open() (os.FileInfo, error) {
	l.system = ownerlib.New()
	return l.system.Stat("x")
}

// Getter lets the value go to its callers, who may close it.
type Getter struct {
	system *ownerlib.DiffSystem
}

func (g *Getter) Open(data []byte) error {
	g.system = ownerlib.New()
	return g.system.WriteFile("target", data)
}

func (g *Getter) System() *ownerlib.DiffSystem { return g.system }

// LocalDeferred closes on every path.
func LocalDeferred(data []byte) error {
	s := ownerlib.New()
	defer s.Close()
	return s.WriteFile("target", data)
}

// LocalReturned hands the value to the caller.
func LocalReturned(data []byte) (*ownerlib.DiffSystem, error) {
	s := ownerlib.New()
	if err := s.WriteFile("target", data); err != nil {
		return s, err
	}
	return s, nil
}

// LocalBeforeUse returns before anything is made, then closes.
func LocalBeforeUse(data []byte) error {
	s := ownerlib.New()
	if len(data) == 0 {
		return nil
	}
	err := s.WriteFile("target", data)
	s.Close()
	return err
}

// LocalNoCreate never calls a creating method.
func LocalNoCreate() error {
	s := ownerlib.New()
	_, err := s.Stat("x")
	return err
}

// SharedValue is not a fresh value: the package that shares it closes it.
func SharedValue(data []byte) error {
	return ownerlib.Shared().WriteFile("target", data)
}

// WriteClosed closes the owner on every path, as the fix does.
func WriteClosed(files map[string][]byte) error {
	workdir, err := os.MkdirTemp("", "iso")
	if err != nil {
		return err
	}
	fs, err := ownerlib.Create(workdir)
	if err != nil {
		os.RemoveAll(workdir)
		return err
	}
	defer fs.Close()
	for name, data := range files {
		if err := fs.WriteFile(name, data); err != nil {
			return err
		}
	}
	return fs.Finalize("cidata")
}

// OpenOnly holds no temp object: Open is handed none.
func OpenOnly(data []byte) error {
	fs, err := ownerlib.Open()
	if err != nil {
		return err
	}
	return fs.WriteFile("x", data)
}

// closeAll releases the owner it is given.
func closeAll(fs *ownerlib.FileSystem) { fs.Close() }

// WriteHelperClose hands the owner to a helper that closes it.
func WriteHelperClose(files map[string][]byte) error {
	workdir, err := os.MkdirTemp("", "iso")
	if err != nil {
		return err
	}
	fs, err := ownerlib.Create(workdir)
	if err != nil {
		os.RemoveAll(workdir)
		return err
	}
	defer closeAll(fs)
	for name, data := range files {
		if err := fs.WriteFile(name, data); err != nil {
			return err
		}
	}
	return nil
}

// WriteDirect writes through the owner's own method.
func WriteDirect(files map[string][]byte) error {
	workdir, err := os.MkdirTemp("", "iso") // want `temp directory workdir from os.MkdirTemp is stored for later`
	if err != nil {
		return err
	}
	fs, err := ownerlib.Create(workdir)
	if err != nil {
		return err
	}
	for name, data := range files {
		if err := fs.WriteFile(name, data); err != nil {
			return err // want `temp directory workdir, handed to ownerlib.Create, is held by fs`
		}
	}
	return fs.Finalize("cidata")
}

// Cmd keeps a system that is a DiffSystem when diffing, passes it to code
// that takes it as a System (which has no Close: it borrows it) and never
// closes it (chezmoi's Config.destSystem).
type Cmd struct {
	dest ownerlib.System
}

func (c *Cmd) Run(diff bool, data []byte) error {
	c.dest = ownerlib.NewSystem(diff) // want `when ownerlib.NewSystem returns a ownerlib.DiffSystem, field dest of Cmd holds a ownerlib.DiffSystem from ownerlib.NewSystem whose WriteFile makes a temp directory that only its Close removes, and no code of package regression_ownercaller calls it on the field, so it stays on disk: keep the ownerlib.DiffSystem where its Close can be called \(c.dest is a ownerlib.System, which has no Close\), and call it when Cmd is done with it`
	if err := apply(c.dest, data); err != nil {
		return err
	}
	return c.dest.WriteFile("target", data)
}

func apply(s ownerlib.System, data []byte) error { return s.WriteFile("x", data) }

// Closing passes its system where an io.Closer is expected: the callee
// may close it, so no finding.
type Closing struct {
	dest ownerlib.System
}

func (c *Closing) Run(diff bool, data []byte) error {
	c.dest = ownerlib.NewSystem(diff)
	if err := c.dest.WriteFile("target", data); err != nil {
		return err
	}
	if cl, ok := c.dest.(io.Closer); ok {
		return cl.Close()
	}
	return nil
}

// CachedField stores a value that may be shared: no finding.
type CachedField struct {
	dest ownerlib.System
}

func (c *CachedField) Run(diff bool, data []byte) error {
	c.dest = ownerlib.Cached(diff)
	return c.dest.WriteFile("target", data)
}

// LocalSystem drops a system that is a DiffSystem when diffing.
func LocalSystem(diff bool, data []byte) error {
	s := ownerlib.NewSystem(diff)
	return s.WriteFile("target", data) // want `when ownerlib.NewSystem returns a ownerlib.DiffSystem, temp directory that ownerlib.DiffSystem's WriteFile makes is held by s and removed only by its Close, and this return drops s without calling it, so it stays on disk: keep the ownerlib.DiffSystem where its Close can be called \(s is a ownerlib.System, which has no Close\), and call it before returning`
}

// WriteIface writes through a helper of the package that takes the owner
// as an interface with Close, and only writes (lima's iso9660util.WriteFile).
func WriteIface(files map[string][]byte) error {
	workdir, err := os.MkdirTemp("", "iso") // want `temp directory workdir from os.MkdirTemp is stored for later`
	if err != nil {
		return err
	}
	fs, err := ownerlib.Create(workdir)
	if err != nil {
		return err
	}
	for name, data := range files {
		if err := writeWorkspace(fs, name, data); err != nil {
			return err // want `temp directory workdir, handed to ownerlib.Create, is held by fs`
		}
	}
	return fs.Finalize("cidata")
}

func writeWorkspace(w ownerlib.Workspace, name string, data []byte) error {
	return w.WriteFile(name, data)
}

// WriteIfaceClose hands the owner, as an interface with Close, to a helper
// that closes it.
func WriteIfaceClose(files map[string][]byte) error {
	workdir, err := os.MkdirTemp("", "iso")
	if err != nil {
		return err
	}
	fs, err := ownerlib.Create(workdir)
	if err != nil {
		os.RemoveAll(workdir)
		return err
	}
	defer closeWorkspace(fs)
	for name, data := range files {
		if err := fs.WriteFile(name, data); err != nil {
			return err
		}
	}
	return nil
}

func closeWorkspace(w ownerlib.Workspace) { w.Close() }
