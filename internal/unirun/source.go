package unirun

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"

	"honnef.co/go/tools/go/loader"
)

// sourcePackage is a package type-checked from source against the
// universe's types of its imports.
type sourcePackage struct {
	spec   *loader.PackageSpec
	fset   *token.FileSet
	types  *types.Package
	info   *types.Info
	syntax []*ast.File
	errs   []error
}

// loadSource parses and type-checks spec. Parse and type errors are
// returned in the package's errs; the error is for what prevents even
// trying (a file that cannot be read, an import the universe cannot
// read).
func loadSource(u *universe, spec *loader.PackageSpec) (*sourcePackage, error) {
	pkg := &sourcePackage{
		spec:  spec,
		fset:  u.fset,
		types: types.NewPackage(spec.PkgPath, spec.Name),
		info: &types.Info{
			Types:        make(map[ast.Expr]types.TypeAndValue),
			Defs:         make(map[*ast.Ident]types.Object),
			Uses:         make(map[*ast.Ident]types.Object),
			Implicits:    make(map[ast.Node]types.Object),
			Scopes:       make(map[ast.Node]*types.Scope),
			Selections:   make(map[*ast.SelectorExpr]*types.Selection),
			Instances:    make(map[*ast.Ident]types.Instance),
			FileVersions: make(map[*ast.File]string),
		},
	}
	for _, name := range spec.CompiledGoFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(u.fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			pkg.errs = append(pkg.errs, parseErrors(err)...)
			return pkg, nil
		}
		pkg.syntax = append(pkg.syntax, f)
	}
	importer := importerFunc(func(path string) (*types.Package, error) {
		switch path {
		case "unsafe":
			return types.Unsafe, nil
		case "C":
			// The go command did not run cgo on the package (it
			// failed, or cgo is off): its raw import is left.
			return nil, errors.New("cgo preprocessing failed")
		}
		dep := spec.Imports[path]
		if dep == nil {
			return nil, fmt.Errorf("%s imports %q, which the go command did not list", spec.ID, path)
		}
		return u.pkg(dep)
	})
	conf := &types.Config{
		Importer:  importer,
		GoVersion: goVersion(spec),
		Error:     func(err error) { pkg.errs = append(pkg.errs, err) },
	}
	// The error is also passed to Error; the go command built the package,
	// so an error here is one the type checker sees differently (the
	// language version, say): the package is not judged.
	_ = types.NewChecker(conf, u.fset, pkg.types, pkg.info).Files(pkg.syntax)
	return pkg, nil
}

// goVersion is the language version the package is type-checked with: its
// module's, as the go command compiled it, else this toolchain's.
func goVersion(spec *loader.PackageSpec) string {
	if spec.Module != nil && spec.Module.GoVersion != "" {
		return "go" + spec.Module.GoVersion
	}
	tags := build.Default.ReleaseTags
	return tags[len(tags)-1]
}

func parseErrors(err error) []error {
	var list scanner.ErrorList
	if errors.As(err, &list) {
		out := make([]error, len(list))
		for i, e := range list {
			out[i] = e
		}
		return out
	}
	return []error{err}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
