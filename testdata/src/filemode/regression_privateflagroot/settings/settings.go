// Package settings holds a program's global options, read by name.
package settings

// Context is the parsed command line.
type Context struct {
	values map[string]string
}

// GlobalString returns the value of a global string option.
func (c *Context) GlobalString(name string) string { return c.values[name] }
