package top

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
)

func top(string) {}

const sockDir = "/tmp/app"

var (
	outer = path.Join(os.TempDir(), "aufs-tests")
	inner = path.Join(outer, "aufs")
)

func local(name string) {
	tmp := path.Join(os.TempDir(), "mount-tests")
	top(tmp) // want `top \$TMPDIR/mount-tests depth 0 predictable=true pkg=false`
	src := path.Join(tmp, "source")
	top(src)                             // want `top \$TMPDIR/mount-tests depth 1 predictable=true pkg=false`
	top(path.Join(src, "a", "file.txt")) // want `top \$TMPDIR/mount-tests depth 3 predictable=true pkg=false`
	top(tmp + "/x")                      // want `top \$TMPDIR/mount-tests depth 1 predictable=true pkg=false`
	top(filepath.Join(tmp, name, "x"))   // want `top \$TMPDIR/mount-tests depth 2 predictable=true pkg=false`

	top("/tmp/x.log")                                                  // want `top /tmp/x.log depth 0 predictable=true pkg=false`
	top(fmt.Sprintf("/tmp/app-%d/sock", os.Getpid()))                  // want `top /tmp/app-\{os.Getpid\(\)\} depth 1 predictable=true pkg=false`
	top(fmt.Sprintf("%s/app-%d", os.TempDir(), os.Getpid()))           // want `top \$TMPDIR/app-\{os.Getpid\(\)\} depth 0 predictable=true pkg=false`
	top(filepath.Join(os.TempDir(), name))                             // want `top \$TMPDIR/\{name\} depth 0 predictable=false pkg=false`
	top(filepath.Join(os.TempDir(), "a", "..", "b"))                   // want `no top`
	top(os.TempDir())                                                  // want `no top`
	top(os.TempDir() + "x")                                            // want `no top`
	top(name)                                                          // want `no top`
	top(filepath.Join(name, "x"))                                      // want `no top`
	top(filepath.Join(os.Getenv("TMPDIR"), ".", "app", "run.sock"))    // want `top \$TMPDIR/app depth 1 predictable=true pkg=false`
	top(filepath.Join(os.TempDir(), fmt.Sprint(os.Getpid()), "x.log")) // want `top \$TMPDIR/\{fmt.Sprint\(os.Getpid\(\)\)\} depth 1 predictable=true pkg=false`
}

func pkgLevel() {
	top(sockDir + "/s.sock")           // want `top /tmp/app depth 1 predictable=true pkg=true`
	top(inner)                         // want `top \$TMPDIR/aufs-tests depth 1 predictable=true pkg=true`
	top(path.Join(inner, "diff"))      // want `top \$TMPDIR/aufs-tests depth 2 predictable=true pkg=true`
	top(path.Join(outer, "0", "aufs")) // want `top \$TMPDIR/aufs-tests depth 2 predictable=true pkg=true`
}

func reassigned(cond bool) {
	dir := filepath.Join(os.TempDir(), "a")
	if cond {
		dir = filepath.Join(os.TempDir(), "b")
	}
	top(filepath.Join(dir, "x")) // want `no top`
}
