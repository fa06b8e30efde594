// Package values holds temp objects whose directory or name reaches the
// creation through a variable: the analysis follows the value, not the
// syntax of the argument.
package values

import "os"

// A creator whose directory is a local variable holding "": the default
// temp dir, as if it had passed "" itself (otiai10/gosseract's
// generateTmpFile).
func generate() (name string, err error) {
	dir := ""
	f, err := os.CreateTemp(dir, "img")
	if err != nil {
		return "", err
	}
	defer f.Close()
	return f.Name(), nil
}

// A creator whose directory variable is assigned twice, once from a
// parameter: the caller's directory, its owner cleans up.
func generateIn(base string, sub bool) (string, error) {
	dir := ""
	if sub {
		dir = base
	}
	f, err := os.CreateTemp(dir, "img")
	if err != nil {
		return "", err
	}
	defer f.Close()
	return f.Name(), nil
}

type client struct{ err error }

func (c *client) leak() *client {
	p, err := generate() // want `temp file p from generate is not removed on any path`
	if err != nil {
		c.err = err
		return c
	}
	c.err = os.WriteFile(p, nil, 0o600)
	return c
}

func (c *client) removed() *client {
	p, err := generate() // ok: removed
	if err != nil {
		c.err = err
		return c
	}
	defer os.Remove(p)
	c.err = os.WriteFile(p, nil, 0o600)
	return c
}

func (c *client) callersDir(base string) *client {
	p, err := generateIn(base, true) // ok by default: may be in the caller's directory
	if err != nil {
		c.err = err
		return c
	}
	c.err = os.WriteFile(p, nil, 0o600)
	return c
}
