package unirun

import (
	"go/token"
	"sync/atomic"
)

// State is the phase a run is in.
type State int32

const (
	// StateListing: the go command lists the packages.
	StateListing State = iota
	// StateAnalyzing: packages are being analyzed, or found in the cache.
	StateAnalyzing
)

// Stats follow a run as it goes, for a progress indicator; they may be
// read while the run writes them.
type Stats struct {
	state       atomic.Int32
	total, done atomic.Int64
	// asked and answered count the packages the patterns match, a
	// package and its test variants as one.
	asked, answered atomic.Int64
}

// Asked returns the number of packages the patterns match (a package
// with its test variants counts once); 0 while they are listed.
func (s *Stats) Asked() int { return int(s.asked.Load()) }

// Answered returns the number of packages the patterns match whose
// analysis is finished, all of their variants.
func (s *Stats) Answered() int { return int(s.answered.Load()) }

// State returns the phase the run is in.
func (s *Stats) State() State { return State(s.state.Load()) }

// Total returns the number of packages the run analyzes, dependencies
// included; 0 while they are listed.
func (s *Stats) Total() int { return int(s.total.Load()) }

// Done returns the number of packages finished.
func (s *Stats) Done() int { return int(s.done.Load()) }

// newUniverseForRun returns the universe of one run, with a file set that
// holds the positions of everything read from export data and parsed
// from source, so that every position an analyzer meets is in its
// pass's file set.
func newUniverseForRun() *universe { return newUniverse(token.NewFileSet()) }
