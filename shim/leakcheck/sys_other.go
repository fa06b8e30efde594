//go:build !unix

package leakcheck

import "errors"

var errUnsupported = errors.New("this platform has no way to list them that this package knows")

func openFDs() ([]openFD, error) { return nil, errUnsupported }

func children() ([]child, error) { return nil, errUnsupported }
