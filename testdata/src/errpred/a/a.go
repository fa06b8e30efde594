// Package a holds error predicates, and functions that look like them but
// are not.
package a

import (
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
)

type codeError struct{ code int }

func (e *codeError) Error() string { return "code" }

func isNoent(err error) bool { // want isNoent:"nilfalse\\(0\\)"
	return errors.Is(err, syscall.ENOENT)
}

func isENOEXEC(err error) bool { // want isENOEXEC:"nilfalse\\(0\\)"
	var errno syscall.Errno
	return errors.As(err, &errno) && errno == syscall.ENOEXEC
}

func isIgnorable(err error) bool { // want isIgnorable:"nilfalse\\(0\\)"
	if errors.Is(err, os.ErrNotExist) {
		return true
	}
	if _, ok := err.(*os.PathError); ok {
		return true
	}
	return false
}

func isGuarded(err error) bool { // want isGuarded:"nilfalse\\(0\\)"
	if err == nil {
		return false
	}
	return strings.Contains(err.Error(), "busy")
}

func isConflict(err error) bool { // want isConflict:"nilfalse\\(0\\)"
	msg := err.Error() // panics for a nil error: never returns true for it
	return strings.Contains(msg, "409")
}

func isEither(strict bool, err error) bool { // want isEither:"nilfalse\\(1\\)"
	return isNoent(err) || (strict && os.IsPermission(err))
}

func (e *codeError) Matches(err error) bool { // want Matches:"nilfalse\\(0\\)"
	var ce *codeError
	return errors.As(err, &ce) && ce.code == e.code
}

func isNilOrEOF(err error) bool { // negative: true for a nil error
	return err == nil || err == io.EOF
}

func isNilTarget(err error) bool { // negative: errors.Is(nil, nil) is true
	return errors.Is(err, nil)
}

func isOK(err error) bool { // negative: !isNoent(nil) is true
	return !isNoent(err)
}

func reassigned(err error) bool { // negative: the parameter changes
	err = errors.Unwrap(err)
	return err == nil
}

func sentinel(err error) bool { // negative: a tagged switch is not followed
	switch err {
	case io.EOF:
		return true
	}
	return false
}

func twoErrors(err, other error) bool { // negative: two error parameters
	return errors.Is(err, io.EOF)
}

func unknown(err error) bool { // negative: the result is not known
	return check(err)
}

func check(error) bool

func recursive(err error) bool { // negative: a cycle decides nothing
	return recursive(err)
}

func IsNoentExported(err error) bool { // want IsNoentExported:"nilfalse\\(0\\)"
	return isNoent(err)
}

// isKind is isNoent in a generic function: judged on its own body.
func isKind[T any](err error, tag T) bool { // want isKind:"nilfalse\\(0\\)"
	return errors.Is(err, syscall.ENOENT)
}

// isNilOrTagged is true for a nil error, in a generic function.
func isNilOrTagged[T comparable](err error, tag, want T) bool { // negative: true for a nil error
	return err == nil || tag == want
}

// A matcher is a generic type whose method is a predicate.
type matcher[T any] struct{ tag T }

func (m matcher[T]) missing(err error) bool { // want missing:"nilfalse\\(0\\)"
	return isKind(err, m.tag)
}

// IsKindExported is isKind for package b, called as an instance there.
func IsKindExported[T any](err error) bool { // want IsKindExported:"nilfalse\\(0\\)"
	var m matcher[T]
	return m.missing(err)
}
