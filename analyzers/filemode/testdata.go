package filemode

import (
	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/internal/fscall"
	"github.com/tmplint/tmplint/internal/mounts"
	"github.com/tmplint/tmplint/passes/tempdir"
)

// In a _test.go file, a creation in shared temp whose mode lets other
// users read the file, or list the directory, is test data: a leak of it
// harms nothing the test has not chosen to show, so it is strict-only
// (SPEC). A mode that lets others write into it stays: the test then
// reads or runs what another user may have put there.

// testDataOnly reports the finding d of a creation in shared temp under
// -strict only when it is in a test and the mode lets no other user
// write; it says whether it did.
func (c *checker) testDataOnly(d analysis.Diagnostic, writable bool) bool {
	if writable || !c.r.InTest(d) {
		return false
	}
	c.r.ReportStrict(d)
	return true
}

// othersWrite reports whether the permissions p let the group or others
// write into the file or, for a directory (which needs the search bit
// too), create entries in it.
func othersWrite(p uint64, dir bool) bool {
	if !dir {
		return p&0o022 != 0
	}
	return p&0o003 == 0o003 || p&0o030 == 0o030
}

// A creation in shared temp at a predictable name is temppath's finding on
// the same call: another user can take the name first, and its fix
// (os.MkdirTemp, os.CreateTemp) makes the object private (0700, 0600), so
// the mode needs no fix of its own. The mode's finding is strict-only
// there: reporting it too would make a maintainer fix the same line twice.
// In a test this holds whatever the mode. In production it holds when the
// mode lets other users only read the file or list the directory: a mode
// that lets them write into it stays, since the program then reads or runs
// what another user may have put there, and a fixed directory that must
// keep its name (temppath's hint then says to check its owner, not to make
// it random) keeps its mode's hazard. A creation inside a directory at a
// predictable name is counted in the directory's finding (rootcause.go),
// as temppath counts it in its own.

// namedByTemppath reports the finding d of a creation in shared temp under
// -strict only when temppath reports the same call (a predictable name in
// shared temp, created without O_EXCL) and, outside tests, the mode lets no
// other user write (writable is false); it says whether it did.
func (c *checker) namedByTemppath(call *fscall.Call, d analysis.Diagnostic, writable bool) bool {
	if writable && !c.r.InTest(d) || call.Recv != nil || call.Path == nil {
		return false
	}
	if call.Kind != fscall.CreateFile && call.Kind != fscall.CreateDir {
		return false
	}
	info := c.pass.TypesInfo
	if call.Creates(info) != fscall.Yes || call.Kind == fscall.CreateFile && call.FlagSet(info, "O_EXCL", "O_EXCL") == fscall.Yes {
		return false // temppath reports O_EXCL creation only under -strict
	}
	p := c.paths.Describe(call.Path)
	if p.Loc != tempdir.Shared || !p.Predictable {
		return false
	}
	if top, ok := c.paths.TopOf(call.Path); ok {
		if top.Depth > 0 && !c.r.InTest(d) {
			// Inside a directory at a predictable name: the directory's
			// finding counts it (rootcause.go), as temppath's does.
			return false
		}
		if body := c.enclosingBody(call.Call.Pos()); body != nil && mounts.FreshTmpfs(info, body, top.Dir, call.Call.Pos()) {
			return false // not shared: temppath says nothing
		}
	}
	c.r.ReportStrict(d)
	return true
}
