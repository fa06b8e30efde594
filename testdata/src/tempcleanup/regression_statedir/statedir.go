// Package regression_statedir pins a false positive found in tailscale
// (ssh/tailssh, session recordings): os.CreateTemp in a directory that the
// program names itself and that is no temp location only picks a unique
// name for a file that is meant to stay (a recording in the state
// directory). A creator function that does so is a creator "in other dir":
// its callers are judged as if the creation were in their own body, where
// a directory someone manages is that directory's owner's business, unless
// they remove the object on some path themselves.
package regression_statedir

import (
	"io"
	"os"
	"path/filepath"
)

type server struct{ root string }

// openRecording makes a uniquely named recording in the state directory.
func (s *server) openRecording() (*os.File, error) {
	dir := filepath.Join(s.root, "sessions")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return os.CreateTemp(dir, "rec-*.cast")
}

// openScratch makes a scratch file in the default temp directory.
func openScratch() (*os.File, error) {
	return os.CreateTemp("", "scratch-*")
}

type recording struct {
	out io.WriteCloser
}

func (r *recording) Close() error { return r.out.Close() }

func (s *server) startRecording() (*recording, error) {
	rec := &recording{}
	var err error
	rec.out, err = s.openRecording() // a recording is kept: its directory's owner prunes it
	if err != nil {
		return nil, err
	}
	return rec, nil
}

type spool struct {
	out io.WriteCloser
}

func (p *spool) Close() error { return p.out.Close() }

func startSpool() (*spool, error) {
	p := &spool{}
	var err error
	p.out, err = openScratch() // want `field out holds a temp file from openScratch that no method of spool removes`
	if err != nil {
		return nil, err
	}
	return p, nil
}

func write(f *os.File) error {
	_, err := f.WriteString("header\n")
	return err
}

func (s *server) recordOnce() error {
	f, err := s.openRecording() // want `temp file f from openRecording is not removed on every path`
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		return err // the caller removes a failed recording below, but not here
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
