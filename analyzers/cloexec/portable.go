package cloexec

import (
	"go/ast"
	"go/build/constraint"
	"path/filepath"
	"strings"
)

// A fix must compile wherever the file does. SOCK_CLOEXEC, Accept4, Pipe2
// and Dup3 do not exist in package syscall (nor in x/sys/unix) on darwin,
// ios and aix: in a file that also builds there (a "unix" build tag, a
// darwin one), adding them breaks the build. The finding stays, without
// the fix, and its hint says what those platforms do instead.

// missingOn lists, per close-on-exec flag or variant, the platforms whose
// syscall package lacks it.
var missingOn = map[string][]string{
	"SOCK_CLOEXEC": {"darwin", "ios", "aix"},
	"Accept4":      {"darwin", "ios", "aix"},
	"Pipe2":        {"darwin", "ios", "aix"},
	"Dup3":         {"darwin", "ios", "aix"},
}

// knownOS are the GOOS values a file name or a build tag may name.
var knownOS = map[string]bool{
	"aix": true, "android": true, "darwin": true, "dragonfly": true, "freebsd": true, "hurd": true,
	"illumos": true, "ios": true, "js": true, "linux": true, "nacl": true, "netbsd": true,
	"openbsd": true, "plan9": true, "solaris": true, "wasip1": true, "windows": true, "zos": true,
}

// unixOS are the GOOS values the "unix" build tag matches.
var unixOS = map[string]bool{
	"aix": true, "android": true, "darwin": true, "dragonfly": true, "freebsd": true, "hurd": true,
	"illumos": true, "ios": true, "linux": true, "netbsd": true, "openbsd": true, "solaris": true,
}

// unportable returns the platforms the file of the site builds for that
// lack name (a flag or a variant), joined for a message, or "".
func (c *checker) unportable(s *site, name string) string {
	lacking := missingOn[name]
	if len(lacking) == 0 {
		return ""
	}
	file := c.fileOf(s.call)
	if file == nil {
		return ""
	}
	var out []string
	for _, goos := range lacking {
		if c.admits(file, goos) {
			out = append(out, goos)
		}
	}
	return strings.Join(out, ", ")
}

func (c *checker) fileOf(n ast.Node) *ast.File {
	for _, f := range c.pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}

// admits reports whether the file says it builds for goos: its name has
// that GOOS suffix, or its //go:build line can hold there (a tag that
// names no platform is taken to hold).
func (c *checker) admits(f *ast.File, goos string) bool {
	name := strings.TrimSuffix(filepath.Base(c.pass.Fset.File(f.Pos()).Name()), ".go")
	name = strings.TrimSuffix(name, "_test")
	parts := strings.Split(name, "_")
	for i := len(parts) - 1; i >= 1 && i >= len(parts)-2; i-- {
		if knownOS[parts[i]] {
			return parts[i] == goos
		}
	}
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, com := range cg.List {
			if !constraint.IsGoBuild(com.Text) {
				continue
			}
			expr, err := constraint.Parse(com.Text)
			if err != nil {
				return true
			}
			return expr.Eval(func(tag string) bool {
				switch {
				case tag == "unix":
					return unixOS[goos]
				case knownOS[tag]:
					return tag == goos
				}
				return true
			})
		}
	}
	// No constraint: the file builds wherever its package does, which
	// its other files and its calls decide; the fix is judged by the
	// platform being analyzed.
	return false
}
