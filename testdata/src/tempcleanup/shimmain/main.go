// Package main uses the shim's session: its temp objects belong to the
// session, which removes them on exit and on signals.
package main

import (
	"os"
	"time"

	"github.com/tmplint/tmplint/shim/session"
)

func main() {
	s, err := session.Start()
	if err != nil {
		os.Exit(1)
	}
	defer s.Close()
	dir, err := s.MkdirTemp("work")
	if err != nil {
		return
	}
	_ = dir
	f, err := os.CreateTemp("", "out") // handed to the caller through the session
	if err != nil {
		return
	}
	f.Close()
	if _, err := s.Handoff(f.Name(), time.Hour); err != nil {
		os.Remove(f.Name())
	}
}
