package execfd_test

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/execfd"
)

func TestFiles(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/files", "execfd/starters", "execfd/guardedalias", "execfd/netfile")
}

func TestWait(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/wait", "execfd/detached", "execfd/mainreturn", "execfd/startprocess", "execfd/forkexec", "execfd/startprocesstest", "execfd/cmdfield", "execfd/cmdglobal")
}

func TestShell(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/shell", "execfd/shellimport", "execfd/regression_shellvar")
}

func TestStrict(t *testing.T) {
	if err := execfd.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { execfd.Analyzer.Flags.Set("strict", "false") })
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/strict")
}

func TestOwnership(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/reaping", "execfd/funcvalue", "execfd/creators", "execfd/loops", "execfd/owningfield", "execfd/borrow", "execfd/pdeathsig", "execfd/boundedread", "execfd/branches", "execfd/paramstart", "execfd/regression_startmayfail", "execfd/regression_runningchild", "execfd/procalias", "execfd/cmdalias", "execfd/windows", "execfd/reaper", "execfd/reaperlib", "execfd/reaperuse", "execfd/reaperinit", "execfd/reaperimport", "execfd/reaperunused", "execfd/filefield", "execfd/fdnumber", "execfd/starthelper", "execfd/stdinpipe", "execfd/inlinestart", "execfd/regression_undrainedpipe", "execfd/startcloser", "execfd/interfacecalls", "execfd/fieldslice", "execfd/configuredcreator", "execfd/regression_stdinfeed", "execfd/regression_sharedholder", "execfd/regression_wrapperpipe", "execfd/regression_returnstart",
		"execfd/regression_generichelpers", "execfd/regression_generichelperslib", "execfd/regression_genericcallees", "execfd/regression_genericimpls")
}

// TestCrossPackage: what a function of another package does with a command
// or a file, and whether it creates one, is known by facts (issue 9).
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/crosspkg")
}

// TestWrapper: a type that embeds an *exec.Cmd and whose Start and Wait
// start and wait for it is followed like an *exec.Cmd, also in another
// package, by a fact (issue 25, recall audit shape S8).
func TestWrapper(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/wrapper", "execfd/wrapperlib", "execfd/wrapperuse")
}

// TestNamedWrapper: a wrapper that keeps its command in a named field,
// with its own Start and Wait, is followed like one that embeds it; the
// hint stops the child through the field, and another package follows it
// only when the field is exported (issue 25).
func TestNamedWrapper(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/namedwrapper", "execfd/namedwrapperlib", "execfd/namedwrapperuse",
		"execfd/regression_genericwrapperlib", "execfd/regression_genericwrapper")
}

// TestHandBack: a child given back to the caller on some returns and
// dropped unwaited on another (issue 25, recall audit shape S10).
func TestHandBack(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/handback")
}

// TestStructSlice: commands held in a slice of structs, started in a loop,
// also over the slice's indexes (issue 25, recall audit shape S9, shape 3);
// the hint names the path to each element's command.
func TestStructSlice(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/structslice", "execfd/indexloop", "execfd/regression_heldelemhint")
}

// TestCollectedSSA: commands kept in a local slice, followed by value on
// the SSA form (collections.go): a slice of structs filled in a loop over
// a map, the slice waited for by a deferred closure that captures it, an
// element waited for under another name, a helper of the package that
// appends the command to the slice and returns it, the slices of function
// literals at package level and of generic functions (issue 25, shape 3).
func TestCollectedSSA(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/regression_collectedmap", "execfd/regression_collecteddefer", "execfd/regression_collectedalias", "execfd/regression_collectedhelper", "execfd/regression_collectedinit")
}

// TestMethodValue: a command's method value that is only called is the
// method: "start := cmd.Start; start()" starts it, "wait()" waits for it
// (issue 25).
func TestMethodValue(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/methodvalue")
}

// TestHelperStart: files handed to a child by a helper of the package
// that starts it, called directly or through a function-typed field
// assigned once (issue 25, shape 5).
func TestHelperStart(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/helperstart")
}

// TestWaitLoop: a return inside the loop that waits for the commands a
// range loop started leaves the later ones unwaited; the cleanup when the
// k-th start fails waits for the started prefix (issue 25); a goroutine
// that waits for each element right after its start reaps it (loopwaiter).
func TestWaitLoop(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/waitloop", "execfd/loopwaiter", "execfd/loopwaiterssa")
}

// TestLoopShapes: the loops that start and wait for a slice's commands are
// found on the SSA form, in shapes beyond a range loop or a plain loop
// over the indexes: the element copied to a local, a loop over a prefix
// of the slice, a counter or a copy of the index, a wait loop bounded by
// the starting loop's index (issue 25, shape 3); the loops that close each
// file of a local slice or of cmd.ExtraFiles in the same shapes.
func TestLoopShapes(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/loopshapes", "execfd/fileloopshapes")
}

// TestEndsProgram: a child left unwaited only on a return of an error to
// main, which then exits, is strict-only (issue 26).
func TestEndsProgram(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/exitafter", "execfd/exitaftercallback", "execfd/regression_genericcallback")
	if err := execfd.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { execfd.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/exitafterstrict", "execfd/exitaftercallback_strict")
}

// TestProcessKilledInTest: a test's process killed but never waited is a zombie only
// until the test binary exits: strict-only (issue 26).
func TestProcessKilledInTest(t *testing.T) {
	if err := execfd.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { execfd.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/startprocessstrict")
}

// TestPipeReadFailure: a child left unwaited only on a return taken when
// io.ReadAll of its own StdoutPipe or StderrPipe fails is strict-only
// (issue 26: u-root pkg/boot/bzimage).
func TestPipeReadFailure(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/pipereadfailure")
	if err := execfd.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { execfd.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/pipereadfailure_strict")
}

// TestBorrowedCmd: a file of the function handed to a command it did not
// make (a parameter, a method's receiver that holds it, or one a function
// value returned) and started here is closed after the start (issue 25,
// recall audit shape S16).
func TestBorrowedCmd(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/borrowedcmd", "execfd/regression_receivercmd")
}

// TestUnwaitedReturns: the unwaited-child report lists each return that
// leaves the child unwaited where one hint fits them all (issue 25, lima's
// limactl shell), and so do the reports of a started parameter
// (paramstart.go) and of commands kept in a slice (collections.go).
func TestUnwaitedReturns(t *testing.T) {
	results := analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/regression_unwaitedreturns")
	want := map[string][]string{ // the function of the start: the comments at the listed returns
		"view":     {"first", "second"},
		"viewOnce": {"only"},
		"mixed":    {"first"},
		// A started parameter and a collected command list each of
		// their returns too.
		"paramTwice":      {"first", "second"},
		"paramOnce":       {"only"},
		"collectedTwice":  {"first", "second"},
		"collectedWaited": {"start"},
		"rangeTwice":      {"first", "second"},
	}
	got := make(map[string][]string)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			var fn string
			for _, f := range r.Pass.Files {
				for _, decl := range f.Decls {
					if fd, ok := decl.(*ast.FuncDecl); ok && fd.Pos() <= d.Pos && d.Pos < fd.End() {
						fn = fd.Name.Name
					}
				}
			}
			for _, rel := range d.Related {
				got[fn] = append(got[fn], returnComment(r.Pass, rel.Pos))
			}
		}
	}
	for fn, w := range want {
		if !slices.Equal(got[fn], w) {
			t.Errorf("%s: related returns %q, want %q", fn, got[fn], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("reports in %d functions, want %d", len(got), len(want))
	}
}

// returnComment returns the text of the line comment on the line of pos.
func returnComment(pass *analysis.Pass, pos token.Pos) string {
	line := pass.Fset.Position(pos).Line
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			if pass.Fset.Position(cg.Pos()).Line == line && pass.Fset.File(cg.Pos()) == pass.Fset.File(pos) {
				return strings.TrimSpace(strings.TrimPrefix(cg.Text(), "//"))
			}
		}
	}
	return ""
}

// TestStoreHandoff: a child stored for an owner that waits for it (a
// field, a field slice, its Process in a field, a package variable) is
// the function's until the store: a return before it leaves the child
// unwaited (issue 25, a transfer per path).
func TestStoreHandoff(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), execfd.Analyzer, "execfd/storehandoff")
}
