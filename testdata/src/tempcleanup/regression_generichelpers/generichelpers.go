// Package regression_generichelpers: a generic helper that creates a temp
// object, removes its parameter or only reads it is judged on its own body
// (built once, with its type parameters), here and in another package, and
// its callers see it through the instance they call, explicit or inferred.
package regression_generichelpers

import (
	"os"

	lib "tempcleanup/regression_generichelperslib"
)

// mk creates a temp file whatever its tag.
func mk[T any](tag T) (*os.File, error) {
	return os.CreateTemp("", "x")
}

// drop removes the file it is given.
func drop[T any](f *os.File, tag T) {
	f.Close()
	os.Remove(f.Name())
}

// A box is a generic type whose methods make and remove directories.
type box[T any] struct{ tag T }

func (b *box[T]) scratch() (string, error) {
	return os.MkdirTemp("", "box")
}

func (b *box[T]) discard(dir string) {
	os.RemoveAll(dir)
}

func localLeaks() error {
	f, err := mk(1) // want `temp file f from mk is not removed on any path`
	if err != nil {
		return err
	}
	return f.Close()
}

func localRemoves() error {
	f, err := mk[string]("a")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	return f.Close()
}

func localDropped() error {
	f, err := mk(1)
	if err != nil {
		return err
	}
	drop(f, "tag")
	return nil
}

func localBoxLeaks() error {
	b := &box[int]{}
	dir, err := b.scratch() // want `temp directory dir from scratch is not removed on any path`
	if err != nil {
		return err
	}
	_ = dir
	return nil
}

func localBoxDiscards() error {
	b := &box[int]{}
	dir, err := b.scratch()
	if err != nil {
		return err
	}
	defer b.discard(dir)
	return nil
}

func importedLeaks() error {
	f, err := lib.Make(1) // want `temp file f from regression_generichelperslib.Make is not removed on any path`
	if err != nil {
		return err
	}
	return f.Close()
}

func importedRemoves() error {
	f, err := lib.Make[string]("a")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	return f.Close()
}

func importedDropped() error {
	f, err := lib.Make(1)
	if err != nil {
		return err
	}
	lib.Drop(f, 2)
	return nil
}

// importedStamped only lends the file to Stamp, which keeps nothing: the
// file is still this function's to remove.
func importedStamped() error {
	f, err := lib.Make(1) // want `temp file f from regression_generichelperslib.Make is not removed on any path`
	if err != nil {
		return err
	}
	if err := lib.Stamp(f, 2); err != nil {
		return err
	}
	return f.Close()
}

// importedForgotten hands the name to a parameter of a type parameter:
// unknown code, which the default profile does not report.
func importedForgotten() error {
	f, err := lib.Make(1)
	if err != nil {
		return err
	}
	f.Close()
	lib.Forget(f.Name())
	return nil
}

func importedBoxLeaks() error {
	b := &lib.Box[string]{}
	dir, err := b.Scratch() // want `temp directory dir from Scratch is not removed on any path`
	if err != nil {
		return err
	}
	_ = dir
	return nil
}

func importedBoxDiscards() error {
	b := &lib.Box[string]{}
	dir, err := b.Scratch()
	if err != nil {
		return err
	}
	defer b.Discard(dir)
	return nil
}
