// Package regression_generichelperslib: generic helpers that create,
// remove and keep temp objects carry the same facts as plain ones, on
// their origin, for callers in other packages (who call an instance). A
// parameter whose type is a type parameter gets no fact: what an
// instantiation passes is not known in the body.
package regression_generichelperslib

import "os"

// Make creates a temp file whatever its tag: its caller owns the file.
func Make[T any](tag T) (*os.File, error) { // want Make:"returnsTemp\\(file 0\\)"
	return os.CreateTemp("", "x")
}

// Drop closes and removes the file it is given.
func Drop[T any](f *os.File, tag T) { // want Drop:"releases\\(0\\)"
	f.Close()
	os.Remove(f.Name())
}

// Stamp only writes to the file: the caller keeps it.
func Stamp[T any](f *os.File, tag T) error { // want Stamp:"borrows\\(0\\)"
	_, err := f.WriteString("stamp")
	return err
}

// Forget removes what it is given when it is a path; its parameter's type
// is a type parameter, so its callers do not know: no fact.
func Forget[T any](v T) {
	if s, ok := any(v).(string); ok {
		os.Remove(s)
	}
}

// A Box is a generic type whose methods make and remove directories.
type Box[T any] struct{ tag T }

// Scratch makes a temp directory and returns it: its caller owns it.
func (b *Box[T]) Scratch() (string, error) { // want Scratch:"returnsTemp\\(dir 0\\)"
	return os.MkdirTemp("", "box")
}

// Discard removes the directory it is given.
func (b *Box[T]) Discard(dir string) { // want Discard:"releases\\(0\\)"
	os.RemoveAll(dir)
}
