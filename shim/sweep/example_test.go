package sweep_test

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/tmplint/tmplint/shim/fsmode"
	"github.com/tmplint/tmplint/shim/sweep"
)

// List what would be removed, as `tmplint sweep --dry-run --pattern
// 'myapp-cache-*' BASE` does, then remove it.
func ExampleScan() {
	base, _ := fsmode.MkdirTemp("", "example", 0o700)
	defer os.RemoveAll(base)
	old := time.Now().Add(-3 * time.Hour)
	for _, name := range []string{"myapp-cache-1", "myapp-cache-2", "other"} {
		dir := filepath.Join(base, name)
		os.Mkdir(dir, 0o700)
		os.WriteFile(filepath.Join(dir, "blob"), make([]byte, 512), 0o600)
		os.Chtimes(filepath.Join(dir, "blob"), old, old)
		os.Chtimes(dir, old, old)
	}
	os.Chtimes(filepath.Join(base, "myapp-cache-2"), time.Now(), time.Now()) // in use

	plan, err := sweep.Scan(sweep.Options{Base: base, Patterns: []string{"myapp-cache-*"}, MinAge: time.Hour})
	if err != nil {
		panic(err)
	}
	defer plan.Close()
	for _, c := range plan.Candidates {
		fmt.Printf("candidate %s: %d bytes, %v old\n", filepath.Base(c.Path), c.SizeBytes, c.Age().Round(time.Hour))
	}
	for _, s := range plan.Skipped {
		fmt.Printf("skipped %s: %.9s\n", filepath.Base(s.Path), s.Reason)
	}
	res := plan.Execute() // re-checks each candidate right before removing it
	fmt.Println("removed", len(res.Removed), "failed", len(res.Failed))
	// Output:
	// candidate myapp-cache-1: 512 bytes, 3h0m0s old
	// skipped myapp-cache-2: too young
	// removed 1 failed 0
}
