package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/internal/testdatadir"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
)

func TestDefault(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer,
		"tempcleanup/basic", "tempcleanup/paths", "tempcleanup/loop", "tempcleanup/rename",
		"tempcleanup/handoff", "tempcleanup/exit", "tempcleanup/private",
		"tempcleanup/usehelper", "tempcleanup/regression_artifactdir", "tempcleanup/regression_expectedfailure",
		"tempcleanup/regression_callerdir", "tempcleanup/regression_printed",
		"tempcleanup/regression_derived", "tempcleanup/regression_deferbefore", "tempcleanup/owners", "tempcleanup/ownersmain", "tempcleanup/wrapper",
		"tempcleanup/borrow", "tempcleanup/values", "tempcleanup/owncreator", "tempcleanup/guardeddefer", "tempcleanup/failedtests", "tempcleanup/regression_cleanupbefore", "tempcleanup/regression_emptyname",
		"tempcleanup/regression_outparam", "tempcleanup/regression_namelist", "tempcleanup/regression_callersarg",
		"tempcleanup/regression_generichelpers")
}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/testfix")
}

func TestStrict(t *testing.T) {
	if err := tempcleanup.Analyzer.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tempcleanup.Analyzer.Flags.Set("strict", "false") })
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/strict", "tempcleanup/strictmain", "tempcleanup/shimmain", "tempcleanup/strictborrow",
		"tempcleanup/strict_closedcreator", "tempcleanup/regression_besidetarget_strict",
		"tempcleanup/regression_callersvalue_strict", "tempcleanup/regression_namelist_strict", "tempcleanup/regression_outparam_strict")
}

// TestLeakFixes checks the hints and fixes that remove a temp object only
// where it leaks when the function keeps it on its success path, and the
// deferred removal when it never outlives the function.
func TestLeakFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/leakfix", "tempcleanup/handedon")
}

// TestKeptInUse checks what keeps a temp object in use past the function
// without owning it: a unix socket bound at its name or inside it, a
// function literal that captures it, a path inside it kept by a taker or
// returned to the caller without the directory.
func TestKeptInUse(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), tempcleanup.Analyzer,
		"tempcleanup/regression_bindsocket", "tempcleanup/regression_closurekeep",
		"tempcleanup/regression_derivedtake", "tempcleanup/regression_shownviewer", "tempcleanup/regression_reopened", "tempcleanup/regression_callersvalue",
		"tempcleanup/regression_shownviafield", "tempcleanup/regression_droppedlistener", "tempcleanup/regression_insideresult")
}

// TestExitOnError: a helper that ends the process when its error argument
// is not nil (a fact on it, from its SSA form) skips deferred removals.
func TestExitOnError(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_exitonerror")
}

// TestGatedField: a temp object in a field of the receiver that the
// removing methods remove only once another field is set.
func TestGatedField(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_gatedfield")
}

// TestFlagGuard: a deferred removal guarded by a flag the function sets
// only to constants, and a return that leaves the flag saying keep.
func TestFlagGuard(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_flagguard")
}

// TestUnsafeHints: no removal of a temp dir with a file system mounted on
// it, no t.TempDir() under a goroutine of the test (issue 26).
func TestUnsafeHints(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_mountedtemp", "tempcleanup/regression_goroutinetemp", "tempcleanup/regression_recoverypath",
		"tempcleanup/regression_keptforinspection", "tempcleanup/regression_shownerror")
}

// TestOtherRemover: a field released by a method of another type is
// released (issue 26).
func TestOtherRemover(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_otherremover", "tempcleanup/regression_testobjprodtype")
}

// TestLocalMount: a mount point kept in a local variable and unmounted by
// the function takes nothing; a temp object no path removes is "not removed
// on any path"; a deferred removal registered before a use means the use
// is not "still in use when the function returns" (issue 26).
func TestLocalMount(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_localmount", "tempcleanup/regression_keptafterdefer")
}

// TestFuncValueAny: a function value given the path only as any does not
// take it (issue 26).
func TestFuncValueAny(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_funcvalueany")
}

// A temp directory removed only with os.Remove while the function leaves
// an entry in it stays on disk: reported, with os.RemoveAll as the fix.
func TestFilledDir(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/filleddir")
}

// A temp object stored in a field of a local value that never leaves the
// function is not handed off.
func TestLocalStore(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/localstore")
}

// An owner of a temp object returned by a constructor of the package
// passes the obligation to the caller (recall audit S4).
func TestOwnerResult(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_ownerresult")
}

// A temp object made next to a target that the function hands on or
// renames on some path leaks on the paths that drop it (recall audit S1).
func TestBesideTarget(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_besidetarget")
}

// TestExpectedError: a creator called only to check that it fails, under
// an assertion that fails the test when the error is nil (a failsTest
// fact, from the assertion's SSA form), as under "if err == nil {
// t.Fatal(…) }": nothing is made unless the test fails.
func TestExpectedError(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_expecterror")
}

// A value of another package's owner type (one whose method removes the
// temp directory it holds in a field) that is made here and never
// released: made lazily by its method, or handed to its constructor
// (recall audit S13).
func TestOwnerValue(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_ownercaller")
}

// Constructors that make a temp directory and return it in a fresh owner,
// however they fill the owner's field (a composite literal, a field store,
// a setter, a struct copied in whole, a creating method; through phis and
// named results), called in their package and from another one (issue
// 25, ownership on the SSA form).
func TestOwnerShapes(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_ownershapes", "tempcleanup/regression_ownershapescaller")
}

// A temp directory stored into an owner's field through a setter, of the
// package or of another one (issue 25, fields across methods).
func TestSetter(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_setter", "tempcleanup/regression_settercaller")
}
