package paramdir // want package:"createsPkg"

// This package holds the shape "a path that travels into a function":
// a function creates a file at a predictable name inside a directory it
// receives, and a caller of the package passes a shared temp directory.

import (
	"fmt"
	"math/rand"
	"net"
	"os"
	"path/filepath"
	"time"
)

// logDirs lists candidate directories; the shared temp dir is the fallback.
var logDirs []string

func initDirs(custom string) {
	if custom != "" {
		logDirs = append(logDirs, custom)
	}
	logDirs = append(logDirs, os.TempDir())
}

var program = filepath.Base(os.Args[0])

// logName builds a name from predictable parts: the program, the tag the
// callers pass (constants), the time to the second and the pid.
func logName(tag string, t time.Time) string {
	return fmt.Sprintf("%s.%s.%s.%d", program, tag, t.Format("20060102-150405"), os.Getpid())
}

func openLog(tag string, t time.Time) (*os.File, error) {
	var last error
	for _, dir := range logDirs {
		f, err := createIn(dir, tag, t)
		if err == nil {
			return f, nil
		}
		last = err
	}
	return nil, last
}

func createIn(dir, tag string, t time.Time) (*os.File, error) { // want createIn:"createsAt.0: joined os.Create."
	name := logName(tag, t)
	return os.Create(filepath.Join(dir, name)) // want `os.Create at a predictable name in shared temp dir \(dir is os.TempDir\(\) in the loop over logDirs at paramdir.go:\d+; logDirs holds it from paramdir.go:23\): another local user can pre-create it or plant a symlink; open it with O_CREATE\|O_EXCL`
}

// The fix: O_EXCL fails on a name someone else made.
func createInExcl(dir, tag string, t time.Time) (*os.File, error) {
	return os.OpenFile(filepath.Join(dir, logName(tag, t)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600) // ok: exclusive
}

func openLogExcl(t time.Time) {
	for _, dir := range logDirs {
		createInExcl(dir, "INFO", t)
		symlinkIn(dir, "INFO")
	}
	openLog("INFO", t)
	openLog("WARNING", t)
}

// A symlink fails on an existing name: only a squatter's denial, as O_EXCL.
func symlinkIn(dir, tag string) { // want symlinkIn:"createsAt.0: joined os.Symlink."
	os.Symlink("target", filepath.Join(dir, program+"."+tag)) // ok: does not follow an existing name
}

// A caller that passes the shared dir itself, through a parameter of its own.
func writeState(data []byte) {
	saveIn(os.TempDir(), data) // want `saveIn creates a file inside argument 1 at a predictable name in shared temp dir, with os.WriteFile at paramdir.go:\d+`
}

func saveIn(dir string, data []byte) { // want saveIn:"createsAt.0: joined os.WriteFile."
	saveAt(dir, data)
}

// saveAt's fact says it creates a predictable name inside its parameter:
// the call that passes the shared dir is reported, in any package.
func saveAt(dir string, data []byte) { // want saveAt:"createsAt.0: joined os.WriteFile."
	os.WriteFile(filepath.Join(dir, fmt.Sprintf("state-%d.json", os.Getuid())), data, 0o600)
}

// Callers that pass only directories of their own.
func writePrivate(data []byte) {
	d, _ := os.MkdirTemp("", "x")
	saveOwn(d, data)
	saveOwn("/var/lib/app", data)
}

func saveOwn(dir string, data []byte) { // want saveOwn:"createsAt.0: joined os.WriteFile."
	os.WriteFile(filepath.Join(dir, fmt.Sprintf("state-%d.json", os.Getuid())), data, 0o600) // ok: no caller passes shared temp
}

// A random name part.
func writeRandom(data []byte) {
	saveRandom(os.TempDir(), data)
}

func saveRandom(dir string, data []byte) {
	os.WriteFile(filepath.Join(dir, fmt.Sprintf("state-%d.json", rand.Int())), data, 0o600) // ok: random
}

// A name that other packages' callers choose: an exported function.
func Save(dir, name string, data []byte) error {
	return os.WriteFile(filepath.Join(dir, name), data, 0o600) // ok: the name is the caller's
}

func useSave(data []byte) {
	Save(os.TempDir(), "x.json", data) // not followed: the name is a parameter of an exported function
}

// A directory made at a predictable name in it.
func mkdirs() {
	for _, dir := range logDirs {
		makeCache(dir)
	}
}

func makeCache(dir string) { // want makeCache:"createsAt.0: joined os.MkdirAll."
	os.MkdirAll(filepath.Join(dir, program+"-cache"), 0o700) // want `os.MkdirAll at a predictable name in shared temp dir \(dir is os.TempDir\(\) in the loop over logDirs`
}

// A path returned by a helper travels to its use.
func sockPath() string {
	return filepath.Join(os.TempDir(), "agent.sock")
}

func serve() {
	net.Listen("unix", sockPath()) // want `net.Listen at a predictable name in shared temp dir \(the result of sockPath at paramdir.go:\d+\)`
}

func randomSockPath() string {
	return filepath.Join(os.TempDir(), fmt.Sprintf("agent-%d.sock", rand.Int()))
}

func serveRandom() {
	net.Listen("unix", randomSockPath()) // ok: random
}

// A name built from a parameter that every caller fills with a constant.
func pidFile(name string) {
	os.Create(filepath.Join(os.TempDir(), name+".pid")) // want `os.Create at a predictable name in shared temp dir`
}

func pidFiles() {
	pidFile("agent")
	pidFile("worker")
}

// A parameter that a caller fills with a random name is not predictable.
func tmpFile(name string) {
	os.Create(filepath.Join(os.TempDir(), name)) // ok: one caller passes a random name
}

func tmpFiles() {
	tmpFile("fixed")
	tmpFile(fmt.Sprint(rand.Int()))
}
