package cloexec

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"go/ast"
	"go/build/constraint"
	"go/types"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// A fix must compile wherever the file does. SOCK_CLOEXEC, Accept4, Pipe2,
// Dup3 and F_DUPFD_CLOEXEC are missing from package syscall or from
// x/sys/unix on some platforms (darwin, ios and aix lack most of them,
// windows, js, wasip1 and plan9 more): in a file that also builds there,
// adding them breaks the build. The finding stays, without the fix, and its
// hint says what those platforms do instead.
//
// Whether a file builds for a platform is read from its name and its
// //go:build line. A file with neither builds wherever its package does,
// which the analysis of one platform cannot see; the package is known not
// to build for a platform when one of its files that may build there uses
// a name that the platform's syscall or x/sys/unix lacks (a Linux-only
// name such as EpollCreate1 or IoctlIfreq shows a Linux-only package). Otherwise the
// hint is conditional ("if this package also builds for …") and there is
// no fix.

// missingIn lists, per package and name, the platforms that lack the name.
// Measured by compiling a reference to each name with GOOS set to each
// platform (Go 1.26, golang.org/x/sys v0.49.0); ios is darwin's.
var missingIn = map[string]map[string][]string{
	syscallPath: {
		"SOCK_CLOEXEC":    {"darwin", "ios", "aix", "windows", "js", "wasip1", "plan9"},
		"Accept4":         {"darwin", "ios", "aix", "windows", "js", "wasip1", "plan9"},
		"Pipe2":           {"darwin", "ios", "aix", "windows", "js", "wasip1", "plan9"},
		"Dup3":            {"darwin", "ios", "aix", "dragonfly", "freebsd", "illumos", "netbsd", "openbsd", "solaris", "windows", "js", "wasip1", "plan9"},
		"F_DUPFD_CLOEXEC": {"windows", "plan9"},
		"CloseOnExec":     {"plan9"},
		"ForkLock":        {"wasip1"},
	},
	unixPath: {
		"SOCK_CLOEXEC":    {"darwin", "ios", "aix"},
		"Accept4":         {"darwin", "ios", "aix", "netbsd", "openbsd", "solaris"},
		"Pipe2":           {"darwin", "ios", "aix"},
		"Dup3":            {"darwin", "ios", "aix", "illumos", "solaris"},
		"F_DUPFD_CLOEXEC": {"aix"},
	},
}

// linuxOnlyNames holds the names of syscall and x/sys/unix that only Linux
// (and Android, which builds Linux's files) declares, "pkgpath.Name" a line,
// written by gen_linuxonly.go. A package that uses one does not build for
// any other platform: the usual case of an untagged file in a Linux-only
// package, whose fixes are then safe.
//
//go:generate go run gen_linuxonly.go
//go:embed linuxonly.txt.gz
var linuxOnlyNames []byte

var linuxOnly = sync.OnceValue(func() map[string]bool {
	zr, err := gzip.NewReader(bytes.NewReader(linuxOnlyNames))
	if err != nil {
		panic("cloexec: linuxonly.txt.gz: " + err.Error()) // built into the binary: cannot happen
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		panic("cloexec: linuxonly.txt.gz: " + err.Error())
	}
	set := make(map[string]bool)
	for line := range strings.Lines(string(data)) {
		set[strings.TrimSuffix(line, "\n")] = true
	}
	return set
})

// noUnix are the platforms where x/sys/unix has no declarations: a file
// that uses it does not build there.
var noUnix = []string{"windows", "js", "wasip1", "plan9"}

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

// admission says whether a file builds for a platform.
type admission uint8

const (
	admitsNot     admission = iota // its name or constraint excludes the platform
	admitsSaid                     // its name or constraint names the platform (or "unix")
	admitsUnknown                  // no constraint: it builds wherever its package does
)

// A lack is the set of platforms a suggested name is missing on that the
// file of a site may build for.
type lack struct {
	said    []string // the file's name or constraint admits them
	perhaps []string // the file has no constraint and the package may build there
}

func (l lack) empty() bool { return len(l.said) == 0 && len(l.perhaps) == 0 }

// clause returns the part of a hint that names the platforms: "this file
// also builds for darwin, ios, aix, which lack" or "if this package also
// builds for darwin, ios or aix, which lack".
func (l lack) clause() string {
	if len(l.said) > 0 {
		return "this file also builds for " + strings.Join(l.said, ", ") + ", which lack"
	}
	return "if this package also builds for " + orList(l.perhaps) + ", which lack"
}

func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// unportable returns the platforms the file of the site may build for
// that lack name (a flag or a variant) of the site's package.
func (c *checker) unportable(s *site, name string) lack {
	pkg := s.pkg.Path()
	if name == "FcntlInt" { // Dup's variant: x/sys/unix's FcntlInt with F_DUPFD_CLOEXEC
		pkg, name = unixPath, "F_DUPFD_CLOEXEC"
	}
	lacking := missingIn[pkg][name]
	if pkg == unixPath && s.pkg.Path() == syscallPath {
		lacking = append(slices.Clone(lacking), noUnix...)
	}
	var l lack
	file := c.fileOf(s.call)
	if file == nil {
		return l
	}
	for _, goos := range lacking {
		switch c.admits(file, goos) {
		case admitsSaid:
			if c.packageMayBuildFor(goos) {
				l.said = append(l.said, goos)
			}
		case admitsUnknown:
			if c.packageMayBuildFor(goos) {
				l.perhaps = append(l.perhaps, goos)
			}
		}
	}
	return l
}

// packageMayBuildFor reports whether nothing shows that the package does
// not build for goos: no file of it that may build there uses a name of
// syscall or x/sys/unix that goos lacks.
func (c *checker) packageMayBuildFor(goos string) bool {
	if may, ok := c.buildsFor[goos]; ok {
		return may
	}
	may := true
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj.Pkg() == nil || !lacks(obj, goos) {
			continue
		}
		if f := c.fileOf(id); f != nil && c.admits(f, goos) != admitsNot {
			may = false
			break
		}
	}
	if c.buildsFor == nil {
		c.buildsFor = make(map[string]bool)
	}
	c.buildsFor[goos] = may
	return may
}

// lacks reports whether goos has no declaration of obj, a package-level
// name of syscall or x/sys/unix.
func lacks(obj types.Object, goos string) bool {
	path := obj.Pkg().Path()
	if path != syscallPath && path != unixPath {
		return false
	}
	if obj.Parent() != obj.Pkg().Scope() {
		return false // a field or method
	}
	if path == unixPath && slices.Contains(noUnix, goos) {
		return true
	}
	if goos != "linux" && goos != "android" && linuxOnly()[path+"."+obj.Name()] {
		return true
	}
	return slices.Contains(missingIn[path][obj.Name()], goos)
}

func (c *checker) fileOf(n ast.Node) *ast.File {
	for _, f := range c.pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}

// admits says whether the file builds for goos: its name has a GOOS
// suffix, or its //go:build line can hold there (a tag that names no
// platform is taken to hold), or it has neither.
func (c *checker) admits(f *ast.File, goos string) admission {
	name := strings.TrimSuffix(filepath.Base(c.pass.Fset.File(f.Pos()).Name()), ".go")
	name = strings.TrimSuffix(name, "_test")
	parts := strings.Split(name, "_")
	for i := len(parts) - 1; i >= 1 && i >= len(parts)-2; i-- {
		if knownOS[parts[i]] {
			if parts[i] == goos {
				return admitsSaid
			}
			return admitsNot
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
				return admitsSaid
			}
			named := false
			holds := expr.Eval(func(tag string) bool {
				switch {
				case tag == "unix":
					named = true
					return unixOS[goos]
				case knownOS[tag]:
					named = true
					return tag == goos
				}
				return true
			})
			switch {
			case !holds:
				return admitsNot
			case named:
				return admitsSaid
			}
			return admitsUnknown // a constraint on something else (a tag, a version)
		}
	}
	return admitsUnknown
}
