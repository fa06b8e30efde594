// Package fuzzonly_strict: -strict reports creations that only a seedless
// fuzz callback runs.
package fuzzonly_strict
