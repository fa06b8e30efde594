// Package lastuse: the call the fix rewrites is the file's only use of os,
// and Go rejects an unused import, so the fix deletes the import too (the
// fix is checked edit by edit in filemode's TestShimFixDropsImport: the
// goldens cannot show it, analysistest removes unused imports itself).
package lastuse

import "os"

func f(p string) {
	os.Create(p) // want `os.Create leaves the file mode implicit`
}
