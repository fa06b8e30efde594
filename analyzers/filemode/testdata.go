package filemode

import (
	"golang.org/x/tools/go/analysis"
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
