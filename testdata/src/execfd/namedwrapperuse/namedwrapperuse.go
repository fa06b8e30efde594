// Package namedwrapperuse starts commands through namedwrapperlib's
// wrappers.
package namedwrapperuse

import (
	"errors"

	"execfd/namedwrapperlib"
)

// exported returns unwaited on one path: the hint stops the child through
// the exported field.
func exported(bad bool) error {
	p := namedwrapperlib.New("x")
	if err := p.Start(); err != nil { // want `^p\.Start succeeds but the child is not waited on some path: .*call p\.Cmd\.Process\.Kill then p\.Cmd\.Wait`
		return err
	}
	if bad {
		return errors.New("bad")
	}
	return p.Wait()
}

// exportedWaited waits on every path.
func exportedWaited() error {
	p := namedwrapperlib.New("x")
	if err := p.Start(); err != nil {
		return err
	}
	return p.Wait()
}

// hidden's command is out of reach: not followed.
func hidden(bad bool) error {
	h := namedwrapperlib.NewHidden("x")
	if err := h.Start(); err != nil {
		return err
	}
	if bad {
		return errors.New("bad")
	}
	return h.Wait()
}
