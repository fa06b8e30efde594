package tempcleanup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers/tempcleanup"
	"github.com/tmplint/tmplint/internal/testdatadir"
)

// TestFilesystemCreator checks that a creator's own loop over random names
// is recognized through a file system interface of the program (flags by
// constant value, a random suffix from a helper, an errors.Is retry), and
// that opening without O_EXCL, at a fixed name or without a retry makes no
// creator.
func TestFilesystemCreator(t *testing.T) {
	analysistest.Run(t, testdatadir.Dir(t), tempcleanup.Analyzer, "tempcleanup/regression_fscreator")
}
