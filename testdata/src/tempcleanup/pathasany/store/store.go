// Package store keeps values by key, as a configuration library does.
package store

import "os"

type Store struct{ m map[string]any }

func New() *Store { return &Store{m: map[string]any{}} }

// Set keeps the value: a copy of a path, not the directory.
func (s *Store) Set(key string, value any) { s.m[key] = value }

// SetPath keeps a path under its own name.
func (s *Store) SetPath(key, path string) { s.m[key] = path }

// Drop removes what it is handed as a path.
func Drop(v any) {
	p := v.(string)
	os.RemoveAll(p)
}
