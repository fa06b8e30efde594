// Package deadcode: a creation in an unexported method nothing can call is
// dead code, whose fix is its deletion: strict-only (git-lfs
// tq/basic_upload.go, an adapter's tempDir method with no caller). A method
// something calls, names as a value, or may call through an interface
// keeps its finding, as does a plain function.
package deadcode

import "os"

type uploader struct{}

// No caller, no interface names it.
func (u *uploader) tempDir() string {
	os.MkdirAll("/tmp/app-upload", 0o700) // not reported: dead code
	return "/tmp/app-upload"
}

// A plain function with no caller keeps its finding: the rule is for
// methods only.
func writeState() {
	os.WriteFile("/tmp/app-state.json", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
}

type downloader struct{}

// Called below.
func (d *downloader) tempDir() string {
	os.MkdirAll("/tmp/app-download", 0o700) // want `os.MkdirAll at a predictable name in shared temp dir`
	return "/tmp/app-download"
}

func Download() string { return (&downloader{}).tempDir() }

type scratcher interface{ scratch() }

type job struct{}

// Never called by name, but the interface scratcher names it.
func (job) scratch() {
	os.WriteFile("/tmp/app-scratch", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
}

func Run(s scratcher) { s.scratch() }

// Used as a value.
func writeLog() {
	os.WriteFile("/tmp/app.log", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
}

var Hooks = []func(){writeLog}

// Exported: other packages may call it.
func WriteLock() {
	os.WriteFile("/tmp/app.lock", nil, 0o600) // want `os.WriteFile at a predictable name in shared temp dir`
}
