package filemode

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/analysisdoc"
	"github.com/tmplint/tmplint/internal/fixclass"
	"github.com/tmplint/tmplint/internal/fiximport"
	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/pkgtypes"
	"github.com/tmplint/tmplint/internal/report"
	"github.com/tmplint/tmplint/internal/rootcause"
	"github.com/tmplint/tmplint/passes/directives"
	"github.com/tmplint/tmplint/passes/lazyinspect"
	"github.com/tmplint/tmplint/passes/modeval"
	"github.com/tmplint/tmplint/passes/tempdir"
)

//go:embed doc.go
var doc string

// Flags.
var (
	strict     bool
	filePolicy = modeFlag(0o600)
	dirPolicy  = modeFlag(0o700)
)

// Analyzer reports implicit or over-permissive file modes.
var Analyzer = &analysis.Analyzer{
	Name:      "filemode",
	Doc:       analysisdoc.Extract(doc, "filemode"),
	URL:       "https://pkg.go.dev/github.com/tmplint/tmplint/analyzers/filemode",
	Run:       run,
	Requires:  []*analysis.Analyzer{directives.Analyzer, lazyinspect.Analyzer, tempdir.Analyzer, modeval.Analyzer},
	FactTypes: []analysis.Fact{new(privateParams)},
}

func init() {
	Analyzer.Flags.BoolVar(&strict, "strict", false, "strict profile: explicit modes everywhere, non-constant modes, the policy everywhere")
	Analyzer.Flags.Var(&filePolicy, "file", "the widest mode, in octal, a file may be created with")
	Analyzer.Flags.Var(&dirPolicy, "dir", "the widest mode, in octal, a directory may be created with")
}

const (
	modeSticky = 1 << 20 // os.ModeSticky
	otherWrite = 0o002
	rawSticky  = 0o1000 // S_ISVTX
	rawSpecial = 0o7000 // S_ISUID|S_ISGID|S_ISVTX
)

type checker struct {
	pass     *analysis.Pass
	r        *report.Reporter
	paths    *tempdir.Result
	modes    *modeval.Result
	file     *ast.File
	reported map[*ast.BasicLit]bool // decimal literals already reported
	file0    uint64                 // the file policy
	dir0     uint64                 // the directory policy

	fold       *rootcause.Folder // the findings in shared temp, by root directory
	shimLooked bool              // shimPkg was looked for
	shimPkg    *types.Package    // the shim, when the package's imports reach it
	ancestry   ancestry          // ancestors.go: private roots and field values

	parallel map[*ast.FuncDecl]bool        // the functions a parallel test runs (umaskscope.go)
	decls    map[*types.Func]*ast.FuncDecl // the package's function declarations
}

func run(pass *analysis.Pass) (any, error) {
	r := report.New(pass, strict)
	defer r.Finish()
	if !pkgtypes.ImportsAny(pass.Pkg, "os", "io/ioutil", "syscall", "golang.org/x/sys/unix", "net") {
		return nil, nil
	}
	files := pass.ResultOf[lazyinspect.Analyzer].(*lazyinspect.Inspector)
	paths, _ := pass.ResultOf[tempdir.Analyzer].(*tempdir.Result)
	modes, _ := pass.ResultOf[modeval.Analyzer].(*modeval.Result)
	if pass.TypesInfo == nil {
		return nil, nil
	}
	c := &checker{
		pass: pass, r: r, paths: paths, modes: modes,
		reported: make(map[*ast.BasicLit]bool),
		file0:    uint64(filePolicy), dir0: uint64(dirPolicy),
		fold: rootcause.New(pass.Fset, r.Report, rootcause.InsideRoot),
	}
	defer c.fold.Flush() // before r.Finish: folded findings use their directives
	c.exportPrivateParams()
	if r.FactsOnly() {
		return nil, nil // what follows only reports
	}
	for _, file := range pass.Files {
		if r.Generated(file) || !callsAny(pass.TypesInfo, file) {
			continue // most files of a package: no inspector built for them
		}
		fc, ok := files.FileCursor(file)
		if !ok {
			continue
		}
		c.file = file
		for cc := range fc.Preorder((*ast.CallExpr)(nil)) {
			if call, ok := fscall.Match(pass.TypesInfo, cc.Node().(*ast.CallExpr)); ok {
				if call.Kind == fscall.Bind {
					c.socket(&call, cc)
					continue
				}
				c.check(&call)
			}
		}
	}
	return nil, nil
}

// callsAny reports whether file makes a call that filemode judges.
func callsAny(info *types.Info, file *ast.File) bool {
	found := false
	ast.Inspect(file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			_, found = fscall.Match(info, call)
		}
		return !found
	})
	return found
}

func (c *checker) check(call *fscall.Call) {
	info := c.pass.TypesInfo
	if (call.Kind == fscall.CreateFile || call.Kind == fscall.CreateDir || call.Kind == fscall.Node) && call.Creates(info) == fscall.No {
		return // an open that does not create: the mode is unused
	}
	c.made(call)
	if call.Mode != nil && c.decimal(call) {
		return // the mode is not what the author meant: say only that
	}
	if call.Kind != fscall.Umask && c.modeUnused(call) {
		return // mounted.go: a mount hides or ignores the mode
	}
	switch call.Kind {
	case fscall.Umask:
		c.umask(call)
	case fscall.Chmod:
		c.chmod(call)
	case fscall.TempFile, fscall.TempDir:
		c.temp(call)
	case fscall.CreateFile, fscall.CreateDir, fscall.Node:
		c.create(call)
	}
}

// decimal reports the decimal literals in the mode that read as octal.
func (c *checker) decimal(call *fscall.Call) bool {
	found := false
	for _, lit := range c.modes.DecimalLiterals(call.Mode) {
		if !modeval.DecimalReadsAsOctal(lit) {
			continue
		}
		found = true
		if c.reported[lit] {
			continue
		}
		c.reported[lit] = true
		meant, _ := modeval.Octal(lit)
		dec, err := strconv.ParseUint(lit.Value, 10, 64)
		if err != nil {
			continue
		}
		where := ""
		pos, end := lit.Pos(), lit.End()
		if lit.Pos() < call.Mode.Pos() || lit.End() > call.Mode.End() {
			where = fmt.Sprintf(" (the constant at %s)", c.short(lit.Pos()))
			pos, end = call.Mode.Pos(), call.Mode.End()
		}
		c.r.Report(analysis.Diagnostic{
			Pos: pos, End: end,
			Message: fmt.Sprintf("decimal literal %s%s used as a file mode is %s: write %s",
				lit.Value, where, modeval.Format(dec), modeval.Format(meant)),
			// Safe: the octal the literal reads as is what its author meant.
			SuggestedFixes: []analysis.SuggestedFix{fixclass.SafeFix("write "+modeval.Format(meant),
				analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: []byte(modeval.Format(meant))})},
		})
	}
	return found
}

func (c *checker) short(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("line %d", p.Line)
}

func (c *checker) umask(call *fscall.Call) {
	v, ok := c.modes.Value(call.Mode)
	if !ok {
		if restoresSaved(c.pass.TypesInfo, c.file, call) { // umaskrestore.go
			return
		}
		c.r.ReportStrict(analysis.Diagnostic{
			Pos: call.Call.Pos(), End: call.Call.End(),
			Message: fmt.Sprintf("%s with a mask that is not constant may let other-write through: use a constant mask such as 0o022", call.Name),
		})
		return
	}
	if v&otherWrite == 0 && readsUmask(c.pass.TypesInfo, c.file, call) {
		report := c.r.ReportOutsideTests
		if inInitializer(c.file, call) || !c.clearedWhileConcurrent(call, false) {
			report = c.r.ReportStrict // no goroutine of the package runs in the window
		}
		report(analysis.Diagnostic{
			Pos: call.Call.Pos(), End: call.Call.End(),
			Message: fmt.Sprintf("%s(%s) reads the umask by opening it: until the next call restores it, files that other goroutines create with the usual mode 0666 are world-writable; read the mask once before starting goroutines, or from /proc/self/status (Umask:) on Linux",
				call.Name, modeval.Format(v)),
		})
		return
	}
	if v&otherWrite == 0 && scopedUmask(c.pass.TypesInfo, c.file, call) {
		d := analysis.Diagnostic{
			Pos: call.Call.Pos(), End: call.Call.End(),
			Message: fmt.Sprintf("%s(%s) lets other-write through until the deferred call restores the mask when the function returns: meanwhile, files that this function and other goroutines create with the usual mode 0666 are world-writable; ",
				call.Name, modeval.Format(v)),
		}
		d.Message += c.umaskHint(d, "to get exact modes, Chmod each object after creating it instead of clearing the mask",
			"a test that clears the mask to check exact modes must not run in parallel (no t.Parallel) with tests that create files, or can Chmod each object after creating it instead")
		if !c.clearedWhileConcurrent(call, true) {
			c.r.ReportStrict(d) // no goroutine of the package runs while it is cleared
			return
		}
		c.r.ReportOutsideTests(d)
		return
	}
	if v&otherWrite == 0 {
		d := analysis.Diagnostic{
			Pos: call.Call.Pos(), End: call.Call.End(),
			Message: fmt.Sprintf("%s(%s) lets other-write through: files created afterwards with the usual mode 0666 are world-writable; ",
				call.Name, modeval.Format(v)),
		}
		d.Message += c.umaskHint(d, "keep 0o002 in the mask (0o022)",
			"a test that clears the mask to check exact modes must restore it when it ends (old := syscall.Umask(0); defer syscall.Umask(old)) and not run in parallel with tests that create files")
		c.r.ReportOutsideTests(d)
	}
}

// umaskHint is the hint of a umask finding: in a test, which clears the
// mask on purpose to check exact modes, it never says to keep a narrower
// mask (SPEC), only how to keep the mask from reaching other tests.
func (c *checker) umaskHint(d analysis.Diagnostic, normal, test string) string {
	if c.r.InTest(d) {
		return test
	}
	return normal
}

// perm returns the permission bits of a constant mode and whether the
// sticky bit takes effect.
func perm(call *fscall.Call, v uint64) (uint64, bool) {
	if call.Raw {
		return v & 0o777, v&rawSticky != 0
	}
	return v & 0o777, v&modeSticky != 0
}

func (c *checker) chmod(call *fscall.Call) {
	union := c.file0 | c.dir0
	v, ok := c.modes.Value(call.Mode)
	if !ok {
		if !c.modes.Within(call.Mode, union) {
			c.r.ReportStrict(analysis.Diagnostic{
				Pos: call.Mode.Pos(), End: call.Mode.End(),
				Message: fmt.Sprintf("%s with a mode that is not constant and not known to be within the policy %s: state the mode or mask it (mode&%s)",
					call.Name, modeval.Format(union), modeval.Format(union)),
			})
		}
		return
	}
	p, sticky := perm(call, v)
	where := c.container(call)
	if p&otherWrite != 0 && !sticky && where != tempdir.Private {
		c.worldWritable(call, v, p)
		return
	}
	extra := exposed(p, union)
	if extra == 0 {
		return
	}
	shared := where == tempdir.Shared
	msg := fmt.Sprintf("%s to mode %s in shared temp dir makes it %s: use %s",
		call.Name, modeval.Format(p), exposure(extra), modeval.Format(narrow(p, union)))
	if !shared {
		msg = fmt.Sprintf("%s to mode %s, wider than the policy %s, makes it %s: use %s",
			call.Name, modeval.Format(p), modeval.Format(union), exposure(extra), modeval.Format(narrow(p, union)))
	}
	d := analysis.Diagnostic{Pos: call.Mode.Pos(), End: call.Mode.End(), Message: msg,
		SuggestedFixes: c.modeFix(call, v, narrow(p, union))}
	if shared {
		c.reportChmod(call, d)
	} else {
		c.r.ReportStrict(d)
	}
}

func (c *checker) worldWritable(call *fscall.Call, v, p uint64) {
	if !call.Raw && v&rawSticky != 0 && v&^0o7777 == 0 {
		// os.Chmod(dir, 0o1777): os.FileMode's sticky bit is os.ModeSticky.
		d := analysis.Diagnostic{
			Pos: call.Mode.Pos(), End: call.Mode.End(),
			Message: fmt.Sprintf("%s with mode %s sets %s: an os.FileMode's sticky bit is os.ModeSticky, not 0o1000, so it is world-writable without the sticky bit; use os.ModeSticky|%s",
				call.Name, modeval.Format(v), modeval.Format(p), modeval.Format(p)),
		}
		if v&^(rawSticky|0o777) == 0 {
			if name, edits, ok := fiximport.Name(c.pass.TypesInfo, c.file, call.Call.Pos(), "os"); ok {
				edits = append(edits, analysis.TextEdit{Pos: call.Mode.Pos(), End: call.Mode.End(),
					NewText: fmt.Appendf(nil, "%s.ModeSticky|%s", name, modeval.Format(p))})
				// The sticky bit the literal asks for never took effect:
				// adding it now narrows what other users may do.
				d.SuggestedFixes = []analysis.SuggestedFix{fixclass.ChangesFix("use os.ModeSticky",
					"sets the sticky bit that never took effect, so other users can no longer delete or rename each other's entries", edits...)}
			}
		}
		c.r.Report(d)
		return
	}
	if dev, ok := c.deviceNode(call); ok {
		// A device node's mode says who may use the device; the driver
		// (and the capabilities it asks for) decides what use can do:
		// /dev/net/tun is 0666 on every distribution.
		c.r.ReportStrict(analysis.Diagnostic{
			Pos: call.Mode.Pos(), End: call.Mode.End(),
			Message: fmt.Sprintf("%s of the device node %s to mode %s lets any local user open the device: check that its driver guards what they can do with it",
				call.Name, dev, modeval.Format(p)),
		})
		return
	}
	switch kind := c.nodeKind(call); kind {
	case "socket", "FIFO":
		what := "connect to the socket"
		if kind == "FIFO" {
			what = "open the FIFO for writing and feed its reader"
		}
		report := c.reportChmod
		if c.inPrivateDir(call) || c.privateAncestor(call) {
			// privateparent.go, ancestors.go: no other user can reach it.
			report = func(_ *fscall.Call, d analysis.Diagnostic) { c.r.ReportStrict(d) }
		}
		report(call, analysis.Diagnostic{
			Pos: call.Mode.Pos(), End: call.Mode.End(),
			Message: fmt.Sprintf("%s to world-writable mode %s: chmod is exact, no umask narrows it, so any local user can %s; if only this user's processes must reach it, use %s, otherwise keep it in a directory whose mode admits just the users meant to",
				call.Name, modeval.Format(p), what, modeval.Format(p&^0o077)),
		})
		return
	}
	c.reportChmod(call, analysis.Diagnostic{
		Pos: call.Mode.Pos(), End: call.Mode.End(),
		Message: fmt.Sprintf("%s to world-writable mode %s without the sticky bit: chmod is exact, no umask narrows it, so any local user can modify it; use %s",
			call.Name, modeval.Format(p), modeval.Format(p&^otherWrite)),
		SuggestedFixes: c.modeFix(call, v, p&^otherWrite),
	})
}

// deviceNode returns the path of the call when it is a constant under
// /dev (but /dev/shm, a shared temp location): a device node.
func (c *checker) deviceNode(call *fscall.Call) (string, bool) {
	if call.Path == nil {
		return "", false
	}
	tv, ok := c.pass.TypesInfo.Types[call.Path]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	p := path.Clean(constant.StringVal(tv.Value))
	if !strings.HasPrefix(p, "/dev/") || p == "/dev/shm" || strings.HasPrefix(p, "/dev/shm/") || strings.HasPrefix(p, "/dev/mqueue") {
		return "", false
	}
	return p, true
}

// reportChmod reports a chmod that opens a file or directory to others. In
// a test that is what the test exercises (permission handling on its own
// objects), unless the target is in a shared temp location by a
// predictable name, which other users can reach: only that is reported in
// tests by default, the rest under -strict.
func (c *checker) reportChmod(call *fscall.Call, d analysis.Diagnostic) {
	target := call.Path
	if target == nil {
		target = call.Recv
	}
	if target != nil && c.container(call) == tempdir.Shared && c.paths.Predictable(target) {
		c.r.Report(d)
		return
	}
	c.r.ReportOutsideTests(d)
}

// modeFix replaces the constant mode v by want, when v has no bits but
// the permission bits (so nothing else is lost).
func (c *checker) modeFix(call *fscall.Call, v, want uint64) []analysis.SuggestedFix {
	if call.Mode == nil || v&^0o777 != 0 {
		return nil
	}
	return []analysis.SuggestedFix{fixclass.ChangesFix("use mode "+modeval.Format(want), fixclass.NarrowsMode,
		analysis.TextEdit{Pos: call.Mode.Pos(), End: call.Mode.End(), NewText: []byte(modeval.Format(want))})}
}

// container returns where the directory holding the call's file is: a
// file in a shared temp directory is exposed by its own mode, one in a
// private directory is not.
func (c *checker) container(call *fscall.Call) tempdir.Location {
	switch {
	case call.Recv != nil && call.Path == nil: // (*os.File).Chmod
		return c.paths.Container(call.Recv)
	case call.Recv != nil: // an *os.Root method: the name is inside the root
		return c.paths.Classify(call.Recv)
	case call.Path != nil:
		return c.paths.Container(call.Path)
	}
	return tempdir.Unknown
}

// exposed returns the group and other bits of the permissions p that the
// policy does not allow. The owner's bits are the owner's business: a
// policy of 0600 does not forbid an executable 0700 file.
func exposed(p, policy uint64) uint64 { return p & 0o077 &^ policy }

// narrow clears the group and other bits of p that the policy does not
// allow: 0o755 becomes 0o700 under 0600, keeping the owner's execute bit.
func narrow(p, policy uint64) uint64 { return p &^ exposed(p, policy) }

// searchable gives a directory mode the owner's search bit when the owner
// may read or write it: without x the owner cannot use the entries
// (os.Mkdir(dir, 0o666) narrowed is 0o700, not 0o600).
func searchable(p uint64) uint64 {
	if p&0o600 != 0 {
		p |= 0o100
	}
	return p
}

// dirExposure is exposure for a directory with permissions p: creating,
// deleting or renaming an entry needs both the write and the search (x)
// bit, so a write bit without x in the same class writes nothing and
// does not make the directory writable (0o666 is listable, not writable).
func dirExposure(p, extra uint64) string {
	if p&0o001 == 0 {
		extra &^= 0o002
	}
	if p&0o010 == 0 {
		extra &^= 0o020
	}
	return exposure(extra)
}

func exposure(extra uint64) string {
	switch {
	case extra&0o002 != 0:
		return "writable by any local user"
	case extra&0o020 != 0:
		return "writable by its group"
	case extra&0o004 != 0:
		return "readable by any local user"
	case extra&0o040 != 0:
		return "readable by its group"
	}
	return "accessible to other users"
}

func (c *checker) create(call *fscall.Call) {
	policy, what := c.file0, "file"
	if call.IsDir() {
		policy, what = c.dir0, "directory"
	} else if call.Kind == fscall.Node {
		what = "node"
		if strings.HasPrefix(call.Func.Name(), "Mkfifo") {
			what = "FIFO"
		}
	}
	if call.Path != nil && call.Recv == nil && c.paths.Existing(call.Path) {
		return // the file os.CreateTemp made: nothing is created, the mode is unused
	}
	shared := c.container(call) == tempdir.Shared
	if call.Mode == nil { // os.Create, (*os.Root).Create
		c.implicit(call, shared, policy)
		return
	}
	v, ok := c.modes.Value(call.Mode)
	if !ok {
		if !c.modes.Within(call.Mode, policy) {
			where := ""
			if shared {
				where = " in shared temp dir"
			}
			c.r.ReportStrict(analysis.Diagnostic{
				Pos: call.Mode.Pos(), End: call.Mode.End(),
				Message: fmt.Sprintf("%s%s with a mode that is not constant and not known to be within the policy %s: state the mode or mask it (mode&%s)",
					call.Name, where, modeval.Format(policy), modeval.Format(policy)),
			})
		}
		return
	}
	p, _ := perm(call, v)
	if !shared && !call.IsDir() && call.Kind == fscall.CreateFile && c.isModePerm(call.Mode) {
		// In a test, the file is test data in the test's own directory:
		// strict only, like other wide creation modes of tests.
		c.r.ReportOutsideTests(analysis.Diagnostic{
			Pos: call.Mode.Pos(), End: call.Mode.End(),
			Message: fmt.Sprintf("%s with %s as the mode creates the file with every permission bit (0o777): executable, and writable by any local user unless the umask narrows it; ModePerm is the mask of the permission bits, not a file mode: use 0o644 for data, 0o755 for a program",
				call.Name, types.ExprString(call.Mode)),
		})
		return
	}
	extra := exposed(p, policy)
	if extra == 0 {
		return
	}
	to := narrow(p, policy)
	if call.IsDir() {
		to = searchable(to)
	}
	says := exposure(extra)
	if call.IsDir() {
		says = dirExposure(p, extra)
	}
	if shared {
		d := analysis.Diagnostic{
			Pos: call.Mode.Pos(), End: call.Mode.End(),
			Message: fmt.Sprintf("%s in shared temp dir with mode %s makes the %s %s: the umask may not narrow it; use %s",
				call.Name, modeval.Format(p), what, says, modeval.Format(to)),
			SuggestedFixes: c.modeFix(call, v, to),
		}
		writable := othersWrite(p, call.IsDir())
		if !c.testDataOnly(d, writable) && !c.namedByTemppath(call, d, writable) {
			c.sharedFinding(call, d, "with mode "+modeval.Format(p))
		}
		return
	}
	c.r.ReportStrict(analysis.Diagnostic{
		Pos: call.Mode.Pos(), End: call.Mode.End(),
		Message: fmt.Sprintf("%s with mode %s, wider than the policy %s, makes the %s %s unless the umask narrows it: use %s",
			call.Name, modeval.Format(p), modeval.Format(policy), what, says, modeval.Format(to)),
		SuggestedFixes: c.modeFix(call, v, to),
	})
}

// isModePerm reports whether the mode expression is os.ModePerm or
// fs.ModePerm (through a conversion): the mask of every permission bit,
// which the Go convention uses for directories (0o777 before umask), not
// for files.
func (c *checker) isModePerm(e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
			e = ast.Unparen(call.Args[0])
		}
	}
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.SelectorExpr:
		id = x.Sel
	case *ast.Ident:
		id = x
	}
	if id == nil || id.Name != "ModePerm" {
		return false
	}
	k, ok := c.pass.TypesInfo.Uses[id].(*types.Const)
	return ok && k.Pkg() != nil && (k.Pkg().Path() == "os" || k.Pkg().Path() == "io/fs")
}

// implicit reports os.Create and (*os.Root).Create, whose mode is 0666.
func (c *checker) implicit(call *fscall.Call, shared bool, policy uint64) {
	if shared {
		d := analysis.Diagnostic{
			Pos: call.Call.Pos(), End: call.Call.End(),
			Message: fmt.Sprintf("%s in shared temp dir creates the file with mode 0666 before umask, readable by other users: use os.OpenFile with mode %s",
				call.Name, modeval.Format(policy)),
		}
		if fix, ok := c.openFileFix(call, policy); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		// As the message says, the usual umask leaves others read access.
		if !c.testDataOnly(d, false) && !c.namedByTemppath(call, d, false) {
			c.sharedFinding(call, d, "with mode 0666 before umask")
		}
		return
	}
	d := analysis.Diagnostic{
		Pos: call.Call.Pos(), End: call.Call.End(),
		Message: fmt.Sprintf("%s leaves the file mode implicit (0666 before umask): state it, as fsmode.Create(name, %s) does",
			call.Name, modeval.Format(policy)),
	}
	switch {
	case call.Recv == nil && c.shimFunc("Create"):
		d.SuggestedFixes = c.shimFix(call, "Create", policy)
	case call.Recv == nil:
		// The shim is out of the package's reach: the message names it,
		// the edit uses the standard library, which states the mode too.
		if fix, ok := c.openFileFix(call, policy); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	default: // (*os.Root).Create: the shim has no Root functions
		if fix, ok := c.openFileFix(call, policy); ok {
			d.Message = fmt.Sprintf("%s leaves the file mode implicit (0666 before umask): use OpenFile with mode %s", call.Name, modeval.Format(policy))
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	c.r.ReportStrict(d)
}

// openFileFix rewrites Create(name) as OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, mode).
func (c *checker) openFileFix(call *fscall.Call, mode uint64) (analysis.SuggestedFix, bool) {
	sel, ok := ast.Unparen(call.Call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Call.Args) != 1 {
		return analysis.SuggestedFix{}, false
	}
	osName, edits, ok := fiximport.Name(c.pass.TypesInfo, c.file, call.Call.Pos(), "os")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	arg := call.Call.Args[0]
	edits = append(edits,
		analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("OpenFile")},
		analysis.TextEdit{Pos: arg.End(), End: arg.End(),
			NewText: fmt.Appendf(nil, ", %[1]s.O_RDWR|%[1]s.O_CREATE|%[1]s.O_TRUNC, %[2]s", osName, modeval.Format(mode))})
	return fixclass.ChangesFix("use OpenFile with mode "+modeval.Format(mode), fixclass.NarrowsMode, edits...), true
}

// temp reports, in the strict profile, the temp creations whose mode is
// implicit.
func (c *checker) temp(call *fscall.Call) {
	fn, mode := "CreateTemp", c.file0
	if call.Kind == fscall.TempDir {
		fn, mode = "MkdirTemp", c.dir0
	}
	d := analysis.Diagnostic{
		Pos: call.Call.Pos(), End: call.Call.End(),
		Message: fmt.Sprintf("%s leaves the mode implicit (%04o): state it, as fsmode.%s(dir, pattern, %s) does",
			call.Name, call.Implicit, fn, modeval.Format(mode)),
	}
	// Without the shim no one expression states the mode (the standard
	// library has no CreateTemp with a mode): the message names the shim,
	// and the edit is left to the author, who can add the requirement.
	if c.shimFunc(fn) {
		d.SuggestedFixes = c.shimFix(call, fn, mode)
	}
	c.r.ReportStrict(d)
}

// shimFix replaces the function of the call by the shim's fn and appends
// the mode argument, adding the import when needed. Call it only when
// shimFunc(fn) holds: the import must not break the build.
func (c *checker) shimFix(call *fscall.Call, fn string, mode uint64) []analysis.SuggestedFix {
	if len(call.Call.Args) == 0 {
		return nil
	}
	name, edits, ok := fiximport.Name(c.pass.TypesInfo, c.file, call.Call.Pos(), shim)
	if !ok {
		return nil
	}
	last := call.Call.Args[len(call.Call.Args)-1]
	edits = append(edits,
		analysis.TextEdit{Pos: call.Call.Fun.Pos(), End: call.Call.Fun.End(), NewText: fmt.Appendf(nil, "%s.%s", name, fn)},
		analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: fmt.Appendf(nil, ", %s", modeval.Format(mode))})
	// The call may have been the file's last use of os or io/ioutil.
	if edits, ok = fiximport.Drop(c.pass.TypesInfo, c.pass.Fset, c.file, edits); !ok {
		return nil
	}
	// Not safe: the mode becomes exact where the umask used to narrow it.
	return []analysis.SuggestedFix{fixclass.ChangesFix(fmt.Sprintf("use fsmode.%s with mode %s", fn, modeval.Format(mode)),
		"sets the mode exactly where the umask used to apply", edits...)}
}
