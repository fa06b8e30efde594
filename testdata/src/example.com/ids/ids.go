// Package ids is a library of another module whose integers the
// analyzers cannot see into: an instance's id and a random generator.
package ids

// An Instance has a sequential id.
type Instance interface{ ID() int }

// A Gen is a random source: it has math/rand/v2.Source's method.
type Gen struct{ state uint64 }

func (g *Gen) Uint64() uint64 { g.state ^= g.state << 13; return g.state }

// Next returns a random number.
func (g *Gen) Next() int { return int(g.Uint64() >> 1) }

// Count returns a number some code chose.
func Count() int { return 3 }

// A UUID is random; its ID is a number made from it.
type UUID [16]byte

// New returns a random UUID.
func New() UUID { return UUID{} }

// ID returns a number made from the UUID.
func (u UUID) ID() uint32 { return uint32(u[0]) }
