package analyzers_test

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/tmplint/tmplint/analyzers"
	"github.com/tmplint/tmplint/internal/fixclass"
)

// TestEveryFixIsClassified runs every analyzer, in its strict profile (which
// reports the default findings too), over its testdata packages that have
// .golden files, and checks that every suggested fix says whether it is safe
// or changes behaviour: an unclassified fix is never applied by -fix, so
// forgetting the class would silently turn a fix off.
func TestEveryFixIsClassified(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every testdata package with fixes")
	}
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	all := analyzers.All()
	if err := analyzers.SetStrict(all, true); err != nil {
		t.Fatal(err)
	}
	defer analyzers.SetStrict(all, false)
	for _, a := range all {
		pkgs := goldenPackages(t, filepath.Join(dir, "src"), a.Name)
		if len(pkgs) == 0 {
			t.Errorf("%s: no testdata package with a .golden file", a.Name)
			continue
		}
		fixes := 0
		// The findings are checked against their // want comments by the
		// analyzer's own tests; here only the fixes matter.
		for _, r := range analysistest.Run(ignore{}, dir, a, pkgs...) {
			for _, d := range r.Action.Diagnostics {
				for _, f := range d.SuggestedFixes {
					fixes++
					if c, _ := fixclass.Of(f.Message); c == fixclass.Unclassified {
						pos := r.Action.Package.Fset.Position(d.Pos)
						t.Errorf("%s: %s: fix %q is not classified: build it with fixclass.SafeFix or fixclass.ChangesFix", a.Name, pos, f.Message)
					}
				}
			}
		}
		if fixes == 0 {
			t.Errorf("%s: no suggested fix in %v", a.Name, pkgs)
		}
	}
}

// goldenPackages returns the testdata packages under src/name that have a
// .golden file.
func goldenPackages(t *testing.T, src, name string) []string {
	seen := make(map[string]bool)
	var pkgs []string
	err := filepath.WalkDir(filepath.Join(src, name), func(path string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, ".golden") {
			return err
		}
		rel, err := filepath.Rel(src, filepath.Dir(path))
		if err == nil && !seen[rel] {
			seen[rel] = true
			pkgs = append(pkgs, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

type ignore struct{}

func (ignore) Errorf(string, ...any) {}
