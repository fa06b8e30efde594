// Package session is a test stub of the shim's session package: only what
// the tempcleanup tests use.
package session

import (
	"os"
	"time"
)

type Session struct{ dir string }

type Cleanup struct{ Command string }

func Start() (*Session, error) {
	dir, err := os.MkdirTemp("", "session")
	if err != nil {
		return nil, err
	}
	return &Session{dir: dir}, nil
}

func (s *Session) MkdirTemp(pattern string) (string, error) { return os.MkdirTemp(s.dir, pattern) }

func (s *Session) CreateTemp(pattern string) (*os.File, error) { return os.CreateTemp(s.dir, pattern) }

func (s *Session) Handoff(path string, ttl time.Duration) (Cleanup, error) {
	return Cleanup{Command: "rm -f " + path}, nil
}

func (s *Session) Close() error { return os.RemoveAll(s.dir) }
