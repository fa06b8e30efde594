package main

import (
	"log"
	"os"
)

// A resolver that may mount a file system inside the path it is given.
type resolver interface {
	Resolve(path string) (string, error)
}

type element interface{ Resolver() (resolver, error) }

// main: the directory goes to code that may mount into it, and the
// function exits after that in a later iteration (u-root's bootvars): a RemoveAll at a
// later exit would empty what was mounted there, so no removal is written,
// only the hint. (It removes the directory when nothing was resolved into
// it: a function that never removes it, and leaks it only at exits, keeps
// it on purpose, and its finding is strict-only: see keptatexit.)
func main() {
	var elements []element
	tmp, err := os.MkdirTemp("", "boot") // want `handed to other code but not removed on the exit that leaks it, so it stays on disk there: do not remove it at these exits: some path reaches them after it is handed to other code \(a later iteration of a loop\)`
	if err != nil {
		log.Fatal(err)
	}
	path := tmp
	for _, e := range elements {
		r, err := e.Resolver()
		if err != nil {
			log.Fatal(err) // after the first hand-off, a mount may be inside
		}
		if path, err = r.Resolve(path); err != nil {
			log.Print(err)
		}
	}
	if path == tmp {
		os.Remove(tmp) // nothing was resolved into it
		return
	}
	log.Printf("found at %s", path)
}

// An exit before the loop comes before the hand-off on every path; the one
// in the loop does not.
func resolveChecked(elements []element, ok func() bool) {
	tmp, err := os.MkdirTemp("", "boot") // want `not removed on the 2 exits that leak it, so it stays on disk there: remove it there only: call os.RemoveAll\(tmp\) before each leaking exit that comes before it is handed to other code \(an exit in the loop that hands it off comes after that on the next iteration\)`
	if err != nil {
		log.Fatal(err)
	}
	if !ok() {
		log.Fatal("not ready")
	}
	path := tmp
	for _, e := range elements {
		r, err := e.Resolver()
		if err != nil {
			log.Fatal(err)
		}
		if path, err = r.Resolve(path); err != nil {
			log.Print(err)
		}
	}
	if path == tmp {
		os.Remove(tmp) // nothing was resolved into it
		return
	}
	log.Printf("found at %s", path)
}
