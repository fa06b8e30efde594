// Package regression_artifactdir pins a false positive found in the
// standard library (internal/trace/testtrace): a file created in
// t.ArtifactDir() is the testing package's to keep or remove.
package regression_artifactdir

import (
	"os"
	"testing"
)

func dump(t *testing.T, b []byte) string {
	f, err := os.CreateTemp(t.ArtifactDir(), "dump")
	if err != nil {
		t.Fatalf("creating temp file: %v", err)
	}
	defer f.Close()
	if _, err := f.Write(b); err != nil {
		t.Fatalf("writing dump to %q: %v", f.Name(), err)
	}
	return f.Name()
}
