// Package strictborrow: with -strict, a temp object handed to unknown code
// (a function value or an interface method, directly or inside a callee) is
// reported; one that a callee takes is not.
package strictborrow

import (
	"os"

	"tempcleanup/borrowlib"
)

func visitUnknown(fn func(string) error) error {
	dir, err := os.MkdirTemp("", "x") // want `passed to code that is not known to remove it`
	if err != nil {
		return err
	}
	return borrowlib.Visit(dir, fn)
}

func registryTakes(r *borrowlib.Registry) error {
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	r.Add(dir, true)
	return nil
}

func visitLocal(dir string, fn func(string) error) error { return fn(dir) }

func localUnknown(fn func(string) error) error {
	dir, err := os.MkdirTemp("", "x") // want `passed to code that is not known to remove it`
	if err != nil {
		return err
	}
	return visitLocal(dir, fn)
}
