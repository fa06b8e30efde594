// Package regression_ownershapescaller calls the constructors of
// regression_ownershapeslib, known by their returnsOwner facts (Holds):
// each drops one owner on its error path (a finding) and defers Close on
// another (none).
package regression_ownershapescaller

import (
	"errors"

	lib "tempcleanup/regression_ownershapeslib"
)

func check() error { return errors.New("check") }

func useLit() error {
	l, err := lib.NewLit()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory that regression_ownershapeslib.NewLit makes is held by l and removed only by its Close, and this return drops l without calling it, so it stays on disk: call l.Close\(\) before returning`
	}
	return l.Close()
}

func useLitDefers() error {
	l, err := lib.NewLit()
	if err != nil {
		return err
	}
	defer l.Close()
	return check()
}

func useStore() error {
	s, err := lib.NewStore()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory that regression_ownershapeslib.NewStore makes is held by s and removed only by its Close, and this return drops s without calling it, so it stays on disk: call s.Close\(\) before returning`
	}
	return s.Close()
}

func useStoreDefers() error {
	s, err := lib.NewStore()
	if err != nil {
		return err
	}
	defer s.Close()
	return check()
}

func useSet() error {
	s, err := lib.NewSet()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory that regression_ownershapeslib.NewSet makes is held by s and removed only by its Close, and this return drops s without calling it, so it stays on disk: call s.Close\(\) before returning`
	}
	return s.Close()
}

func useSetDefers() error {
	s, err := lib.NewSet()
	if err != nil {
		return err
	}
	defer s.Close()
	return check()
}

func useWhole() error {
	w, err := lib.NewWhole(1)
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory that regression_ownershapeslib.NewWhole makes is held by w and removed only by its Close, and this return drops w without calling it, so it stays on disk: call w.Close\(\) before returning`
	}
	return w.Close()
}

func useWholeDefers() error {
	w, err := lib.NewWhole(1)
	if err != nil {
		return err
	}
	defer w.Close()
	return check()
}

func useLazy() error {
	l, err := lib.NewLazy()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory that regression_ownershapeslib.NewLazy makes is held by l and removed only by its Close, and this return drops l without calling it, so it stays on disk: call l.Close\(\) before returning`
	}
	return l.Close()
}

func useLazyDefers() error {
	l, err := lib.NewLazy()
	if err != nil {
		return err
	}
	defer l.Close()
	return check()
}

func usePhi() error {
	p, err := lib.NewPhi(true)
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory that regression_ownershapeslib.NewPhi makes is held by p and removed only by its Close, and this return drops p without calling it, so it stays on disk: call p.Close\(\) before returning`
	}
	return p.Close()
}

func usePhiDefers() error {
	p, err := lib.NewPhi(true)
	if err != nil {
		return err
	}
	defer p.Close()
	return check()
}

func useNamed() error {
	n, err := lib.NewNamed()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `temp directory that regression_ownershapeslib.NewNamed makes is held by n and removed only by its Close, and this return drops n without calling it, so it stays on disk: call n.Close\(\) before returning`
	}
	return n.Close()
}

func useNamedDefers() error {
	n, err := lib.NewNamed()
	if err != nil {
		return err
	}
	defer n.Close()
	return check()
}

// NewNamedDeferred has no returnsOwner fact: its deferred literal captures
// the owner, which is then no value only filled and returned
// (freshowner.go), so its callers here are not judged.

// The owners of these hold nothing: no finding.
func useRemoved() error {
	s, err := lib.NewRemoved()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return s.Close()
}

func useDeferredRemoval() error {
	s, err := lib.NewDeferredRemoval()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return s.Close()
}

// NewScratch keeps its directory where Scratch's Close does not remove it:
// calling Close or not changes nothing, so dropping s is no finding here.
func useScratch() error {
	s, err := lib.NewScratch()
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return s.Close()
}
