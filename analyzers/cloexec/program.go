package cloexec

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A descriptor without close-on-exec only matters when a process is
// started while it is open. In a library nobody knows which program it ends
// up in, so its findings stay; a main package is the whole program, and
// when neither it nor any package it imports (transitively, by facts) may
// start a process, nothing can inherit the descriptor and its findings are
// strict-only.

// startsProcess is the fact of a package outside the standard library
// that, or one of whose imports, may start a process. Drivers analyze every
// dependency outside the standard library for facts, so a package without
// it starts none.
type startsProcess struct {
	// Funcs says the package's exported functions and methods carry a
	// startsProcessFunc fact when a call of them may start a process
	// (funcstarts.go): one without it starts none.
	Funcs bool
}

func (*startsProcess) AFact()         {}
func (*startsProcess) String() string { return "startsProcess" }

// stdStarts lists the packages of the standard library (Go 1.26) that may
// start a process when imported: os/exec and those that import it, and
// net/http/cgi's kind. It is written down, not derived from facts, because
// some drivers skip the standard library, and because os and syscall, which
// implement StartProcess and ForkExec, start nothing unless called so.
var stdStarts = map[string]bool{
	"os/exec":                    true,
	"crypto/internal/cryptotest": true,
	"go/build":                   true,
	"go/importer":                true,
	"go/internal/gccgoimporter":  true,
	"go/internal/gcimporter":     true,
	"go/internal/srcimporter":    true,
	"internal/exportdata":        true,
	"internal/fuzz":              true,
	"internal/goroot":            true,
	"internal/testenv":           true,
	"internal/trace/testtrace":   true,
	"internal/trace/traceviewer": true,
	"net/http/cgi":               true,
	"net/http/fcgi":              true,
	"plugin":                     true, // loads code that may do anything
	"runtime/cgo":                true, // C code may fork and exec
	"testing/internal/testdeps":  true,
}

// importStarts reports whether importing the package may start a process.
func importStarts(pass *analysis.Pass, pkg *types.Package) bool {
	path := pkg.Path()
	if path == "C" || pkgtypes.IsStd(path) || xsys(path) {
		return path == "C" || stdStarts[path] || strings.HasSuffix(path, "golang.org/x/sys/execabs")
	}
	var f startsProcess
	return pass.ImportPackageFact(pkg, &f)
}

// xsys reports whether the path is a package of golang.org/x/sys, vendored
// or not, which, like syscall, implements Exec without calling it.
func xsys(path string) bool {
	return strings.HasPrefix(path, "golang.org/x/sys/") || strings.Contains(path, "/golang.org/x/sys/")
}

// programStarts reports whether the package, or one it imports, may start
// a process, and exports the answer as the package's fact.
func programStarts(pass *analysis.Pass) bool {
	path := pass.Pkg.Path()
	if pkgtypes.IsStd(path) || xsys(path) {
		return importStarts(pass, pass.Pkg)
	}
	starts := false
	for _, imp := range pass.Pkg.Imports() {
		if importStarts(pass, imp) {
			starts = true
			break
		}
	}
	if !starts && pkgtypes.ImportsAny(pass.Pkg, "os", syscallPath, unixPath) {
		starts = callsStart(pass, allFiles)
	}
	if starts && pass.Pkg.Name() != "main" {
		// (Nothing imports a main package.) run exports the functions'
		// facts right after (funcstarts.go).
		pass.ExportPackageFact(&startsProcess{Funcs: true})
	}
	return starts
}

// The program of a main package is what go build makes of it: its non-test
// files and what they import. When the package is analyzed with its tests,
// the test files add imports and calls that start processes (a test that
// runs the command it tests), but they run in the test binary, never in the
// program; a descriptor made by the program's code is judged by the
// program. The test files' own descriptors are judged by the test policy
// (testpolicy.go).

// mainProgramStarts reports whether the program that the main package's
// non-test files make may start a process.
func mainProgramStarts(pass *analysis.Pass) bool {
	files := nonTestFiles(pass)
	for _, file := range pass.Files {
		if !files(file) {
			continue
		}
		for _, spec := range file.Imports {
			name := pass.TypesInfo.PkgNameOf(spec)
			if name == nil || importStarts(pass, name.Imported()) {
				return true // (an import not type-checked is not known to start nothing)
			}
		}
	}
	return callsStart(pass, files)
}

// nonTestFiles returns a filter of the package's files that are not
// _test.go files.
func nonTestFiles(pass *analysis.Pass) func(*ast.File) bool {
	return func(file *ast.File) bool { return !isTestFile(pass, file.Pos()) }
}

// allFiles is the filter of every file.
func allFiles(*ast.File) bool { return true }

// isTestFile reports whether the position is in a _test.go file.
func isTestFile(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// callsStart reports whether the package's own code, in the files that
// files admits, starts a process:
// os.StartProcess, syscall.ForkExec and Exec, unix.Exec, or a raw system
// call of fork, vfork, clone or execve.
func callsStart(pass *analysis.Pass, files func(*ast.File) bool) bool {
	found := false
	for _, file := range pass.Files {
		if !files(file) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if found {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if fn == nil || fn.Pkg() == nil {
				return true
			}
			if isChildStart(fn) {
				found = true
			} else if p := fn.Pkg().Path(); (p == syscallPath || p == unixPath) && rawSyscalls[fn.Name()] && len(call.Args) > 0 {
				found = rawStart(pass, fn.Pkg(), call.Args[0])
			}
			return !found
		})
	}
	return found
}

// rawStart reports whether the trap number is that of a system call that
// makes or replaces a process.
func rawStart(pass *analysis.Pass, pkg *types.Package, trap ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[trap]
	if !ok || tv.Value == nil {
		return false
	}
	v, ok := bits(tv.Value)
	if !ok {
		return false
	}
	for _, name := range []string{"SYS_FORK", "SYS_VFORK", "SYS_CLONE", "SYS_CLONE3", "SYS_EXECVE", "SYS_EXECVEAT"} {
		if k, ok := pkgConst(pkg, name); ok && k == v {
			return true
		}
	}
	return false
}

// report reports a default finding at the site. It is strict-only in a
// main package whose program starts no process, in a test that cannot start
// a child while the descriptor is open (tests.go), for a descriptor
// closed before anything could start one (window.go), for a read-only
// descriptor of a device anyone may open (worldreadable.go), and in a
// re-executed program's entry that starts no process (entry.go).
func (c *checker) report(s *site, d analysis.Diagnostic) {
	if c.noChild && !isTestFile(c.pass, s.call.Pos()) || c.quietInTest(s) || c.closedBeforeStart(s) || c.opensWorldReadable(s) || c.inQuietEntry(s) {
		c.r.ReportStrict(d)
		return
	}
	c.r.Report(d)
}
