// Package regression_ownerresult: a constructor of the package that
// returns a fresh value holding a temp object in a field hands the
// obligation to its caller (git-lfs's newHandler and
// ProcessStandaloneData): a return of the caller that drops the owner
// leaves the object on disk.
package regression_ownerresult

import (
	"bufio"
	"errors"
	"io"
	"os"
)

type handler struct {
	out     io.Writer
	tempdir string
}

func newHandler(out io.Writer) (*handler, error) {
	tempdir, err := os.MkdirTemp("", "standalone-*")
	if err != nil {
		return nil, err
	}
	return &handler{out: out, tempdir: tempdir}, nil
}

func (h *handler) dispatch(line string) (bool, error) { return line != "terminate", nil }

func (h *handler) close() { os.RemoveAll(h.tempdir) }

// process is git-lfs's ProcessStandaloneData: the handler is made on the
// first message and removed after the loop, but a bad message on a later
// iteration returns without removing it.
func process(in io.Reader, out io.Writer) error {
	var h *handler
	var eventErr error
	scanner := bufio.NewScanner(in)
	for scanner.Scan() {
		if scanner.Text() == "" {
			return errors.New("empty message") // want `temp directory from newHandler is held by h.tempdir, which this return drops without removing it, so it stays on disk: if h != nil, call h.close\(\) before returning`
		}
		if h == nil {
			var err error
			h, err = newHandler(out)
			if err != nil {
				return err
			}
		}
		if cont, err := h.dispatch(scanner.Text()); !cont || err != nil {
			eventErr = err
			break
		}
	}
	if h != nil {
		os.RemoveAll(h.tempdir)
	}
	return errors.Join(eventErr, scanner.Err())
}

// simple removes the field on the success path only.
func simple(out io.Writer, bad bool) error {
	h, err := newHandler(out)
	if err != nil {
		return err
	}
	if bad {
		return errors.New("bad") // want `temp directory from newHandler is held by h.tempdir, which this return drops`
	}
	os.RemoveAll(h.tempdir)
	return nil
}

// deferredClose releases the owner on every path with its method.
func deferredClose(out io.Writer, bad bool) error {
	h, err := newHandler(out)
	if err != nil {
		return err
	}
	defer h.close()
	if bad {
		return errors.New("bad")
	}
	_, err = h.dispatch("x")
	return err
}

// passedOn returns the owner: the caller has it now.
func passedOn(out io.Writer) (*handler, error) {
	h, err := newHandler(out)
	if err != nil {
		return nil, err
	}
	if _, err := h.dispatch("x"); err != nil {
		h.close()
		return nil, err
	}
	return h, nil
}

type server struct{ h *handler }

// stored keeps the owner in a field of the receiver.
func (s *server) stored(out io.Writer) error {
	h, err := newHandler(out)
	if err != nil {
		return err
	}
	s.h = h
	return nil
}

type session struct {
	root string
}

// newSession makes its directory in the caller's directory.
func newSession(dir string) (*session, error) {
	root, err := os.MkdirTemp(dir, "session-*")
	if err != nil {
		return nil, err
	}
	return &session{root: root}, nil
}

// keptSession never removes the session's directory: that directory
// belongs to whoever manages dir.
func keptSession(dir string, bad bool) error {
	s, err := newSession(dir)
	if err != nil {
		return err
	}
	if bad {
		return errors.New("bad")
	}
	_ = s.root
	return nil
}

// removedSession removes it on one path: it must on every path.
func removedSession(dir string, bad bool) error {
	s, err := newSession(dir)
	if err != nil {
		return err
	}
	if bad {
		return errors.New("bad") // want `temp directory from newSession is held by s.root, which this return drops`
	}
	return os.RemoveAll(s.root)
}

// tempArchive removes its file once it has been read to the end, as
// containers/storage's TempArchive does.
type tempArchive struct {
	*os.File
	size, read int64
}

func (a *tempArchive) Read(p []byte) (int, error) {
	n, err := a.File.Read(p)
	a.read += int64(n)
	if err != nil || a.read == a.size {
		a.File.Close()
		os.Remove(a.File.Name())
	}
	return n, err
}

func newTempArchive(src io.Reader) (*tempArchive, error) {
	f, err := os.CreateTemp("", "archive-")
	if err != nil {
		return nil, err
	}
	n, err := io.Copy(f, src)
	if err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	f.Seek(0, io.SeekStart)
	return &tempArchive{File: f, size: n}, nil
}

// appliedArchive passes the archive as an io.Reader: the callee's reads
// reach the Read that removes it (the standard io.Copy borrows a plain
// *os.File it is given as a reader).
func appliedArchive(src io.Reader, bad bool) error {
	a, err := newTempArchive(src)
	if err != nil {
		return err
	}
	if bad {
		return errors.New("bad") // want `temp file from newTempArchive is held by a.File`
	}
	_, err = io.Copy(io.Discard, a)
	return err
}

// droppedArchive never reads it: no method with arguments is the hint
// (nobody calls Read() to remove a file).
func droppedArchive(src io.Reader, bad bool) error {
	a, err := newTempArchive(src)
	if err != nil {
		return err
	}
	if bad {
		return errors.New("bad") // want `temp file from newTempArchive is held by a.File, which this return drops without removing it, so it stays on disk: os.Remove\(a.File.Name\(\)\) before returning`
	}
	_, err = a.Read(make([]byte, 1))
	return err
}

type mockDevice struct {
	file *os.File
}

func (d *mockDevice) close() error { return d.file.Close() }

// openMockDevice is u-root's OpenMockRTC: nothing of the package ever
// removes the file, so the store is the finding, not each caller.
func openMockDevice() (*mockDevice, error) {
	f, err := os.CreateTemp("", "rtc-*")
	if err != nil {
		return nil, err
	}
	return &mockDevice{f}, nil // want `field file holds a temp file from os.CreateTemp that no method of mockDevice removes`
}

func useMockDevice() error {
	d, err := openMockDevice()
	if err != nil {
		return err
	}
	return d.close()
}
