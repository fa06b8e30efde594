package a // want package:"createsPkg"

import (
	"fmt"
	"io/ioutil"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func constant(data []byte) {
	os.WriteFile("/tmp/app.conf", data, 0o600)                          // want `os.WriteFile at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.CreateTemp`
	ioutil.WriteFile(filepath.Join(os.TempDir(), "a.txt"), data, 0o600) // want `ioutil.WriteFile at a predictable name in shared temp dir`
	os.MkdirAll("/tmp/app", 0o700)                                      // want `os.MkdirAll at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; use os.MkdirTemp`
	os.Mkdir(filepath.Join(os.TempDir(), "app"), 0o700)                 // want `os.Mkdir at a predictable name in shared temp dir`
	os.Symlink("/etc/hosts", "/tmp/hosts")                              // want `os.Symlink at a predictable name in shared temp dir: another local user can pre-create it or plant a symlink; create it in a directory from os.MkdirTemp`
	os.Link("/etc/hosts", "/var/tmp/hosts")                             // want `os.Link at a predictable name`
	os.Symlink("/tmp/x", "/home/me/x")                                  // ok: the new name is not in shared temp
	os.MkdirAll(os.TempDir(), 0o700)                                    // ok: the temp dir itself
	os.MkdirAll("/tmp", 0o1777)                                         // ok: the root itself
}

func predictableParts(data []byte, seq int) {
	pid := os.Getpid()
	os.WriteFile(fmt.Sprintf("/tmp/app-%d.pid", pid), data, 0o600)                            // want `predictable name`
	os.WriteFile(filepath.Join(os.TempDir(), "app-"+strconv.Itoa(os.Getuid())), data, 0o600)  // want `predictable name`
	os.WriteFile(filepath.Join(os.TempDir(), fmt.Sprint(time.Now().UnixNano())), data, 0o600) // ok: nanoseconds cannot be guessed ahead
	os.WriteFile(filepath.Join(os.TempDir(), fmt.Sprint(time.Now().Unix())), data, 0o600)     // want `predictable name`
	host, _ := os.Hostname()
	os.MkdirAll(filepath.Join(os.TempDir(), host), 0o700)                                     // want `predictable name`
	os.WriteFile(filepath.Join(os.TempDir(), filepath.Base(os.Args[0])+".lock"), data, 0o600) // want `predictable name`
	for i := 0; i < 3; i++ {
		os.WriteFile(fmt.Sprintf("/tmp/part%d", i), data, 0o600) // want `predictable name`
	}
	os.WriteFile(fmt.Sprintf("/tmp/part%d", seq), data, 0o600) // ok: caller-supplied
}

// A login name is known to every local user, like os/user's Username.
func loginNames() {
	os.MkdirAll(filepath.Join(os.TempDir(), "app-"+os.Getenv("USER")), 0o700) // want `os.MkdirAll at a predictable name`
	os.MkdirAll("/tmp/app-"+os.Getenv("LOGNAME"), 0o700)                      // want `os.MkdirAll at a predictable name`
	os.MkdirAll("/tmp/app-"+os.Getenv("APP_INSTANCE"), 0o700)                 // ok: another variable may hold anything
}

func random(data []byte) {
	os.WriteFile(fmt.Sprintf("/tmp/x-%d", rand.Int63()), data, 0o600) // ok: random
	f, err := os.CreateTemp("", "x-*")
	if err != nil {
		return
	}
	defer f.Close()
	os.WriteFile(f.Name()+".bak", data, 0o600) // ok: random name
}

func callerSupplied(dir, name string, data []byte) { // want callerSupplied:"createsAt.0: joined os.WriteFile, 1: os.Create."
	os.WriteFile(filepath.Join(dir, "x"), data, 0o600)           // ok: caller's dir
	os.WriteFile(filepath.Join(os.TempDir(), name), data, 0o600) // ok: caller's name
	os.Create(name)                                              // ok
}

func private(t *testing.T, data []byte) error {
	dir, err := os.MkdirTemp("", "app-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "x"), data, 0o600) // ok: private dir
	os.MkdirAll(filepath.Join(dir, "sub"), 0o700)      // ok
	td := t.TempDir()
	os.Create(filepath.Join(td, "y")) // ok
	return nil
}

func opens(data []byte) {
	os.OpenFile("/tmp/x.log", os.O_RDONLY, 0)                             // ok: does not create
	os.OpenFile("/tmp/x.log", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600) // want `os.OpenFile at a predictable name in shared temp dir`
	os.OpenFile("/tmp/x.lock", os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)    // ok: O_EXCL is reported only by the strict profile
	os.Open("/tmp/x.log")                                                 // ok: reading
	os.Remove("/tmp/x.log")                                               // ok
}

func flags(f int) {
	os.OpenFile("/tmp/y.log", f, 0o600) // ok: non-constant flags are reported only by the strict profile
}

func locals(cond bool, data []byte) {
	p := filepath.Join(os.TempDir(), "state.json")
	os.WriteFile(p, data, 0o600) // want `predictable name`
	q := filepath.Join(os.TempDir(), "a")
	if cond {
		q = os.Getenv("STATE")
	}
	os.WriteFile(q, data, 0o600) // ok: some assignment is not predictable
}

func generic[S ~string](name S, data []byte) {
	os.WriteFile(filepath.Join(os.TempDir(), string(name)), data, 0o600) // ok: caller's name
	os.WriteFile(string(S("/tmp/g")), data, 0o600)                       // want `predictable name`
}

var lockDir = "/tmp/locks" // unexported and never reassigned

func global(data []byte) {
	os.WriteFile(filepath.Join(lockDir, "a"), data, 0o600) // want `predictable name`
}

func root(r *os.Root, data []byte) {
	tmp, err := os.OpenRoot(os.TempDir())
	if err != nil {
		return
	}
	tmp.WriteFile("state.json", data, 0o600) // want `\(\*os.Root\).WriteFile at a predictable name in shared temp dir`
	tmp.Create("out.log")                    // want `\(\*os.Root\).Create at a predictable name in shared temp dir`
	tmp.MkdirAll("cache", 0o700)             // want `\(\*os.Root\).MkdirAll at a predictable name in shared temp dir`
	tmp.Symlink("/etc/hosts", "hosts")       // want `\(\*os.Root\).Symlink at a predictable name in shared temp dir`
	tmp.OpenFile("x", os.O_RDONLY, 0)        // ok: does not create
	r.Create("out.log")                      // ok: the caller's root
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	priv, err := os.OpenRoot(dir)
	if err != nil {
		return
	}
	priv.Create("out.log") // ok: a private root
}
