package a

import (
	"fmt"
	"io/fs"
	"io/ioutil"
	"os"
	"path/filepath"
)

// Decimal literals that read as octal.

func decimal(p string, data []byte) {
	os.WriteFile(p, data, 644)                   // want `decimal literal 644 used as a file mode is 0o1204: write 0o644`
	os.WriteFile(p, data, 0644)                  // ok: octal
	os.WriteFile(p, data, 0o644)                 // ok
	os.WriteFile(p, data, 420)                   // ok: 0o644 written in decimal on purpose
	os.MkdirAll(p, 755)                          // want `decimal literal 755 used as a file mode is 0o1363: write 0o755`
	os.Mkdir(p, fs.FileMode(700))                // want `decimal literal 700 used as a file mode is 0o1274: write 0o700`
	os.Chmod(p, 600)                             // want `decimal literal 600 used as a file mode is 0o1130: write 0o600`
	os.OpenFile(p, os.O_RDONLY, 644)             // ok: no O_CREATE, the mode is unused
	os.OpenFile(p, os.O_WRONLY|os.O_CREATE, 664) // want `decimal literal 664 `
	os.WriteFile(p, data, perm)                  // want `decimal literal 640 \(the constant at line \d+\) used as a file mode is 0o1200: write 0o640`
	fmt.Println(644)                             // ok: not a mode
}

const perm = 640

// Creation modes outside shared temp: the umask decides, not reported.

func elsewhere(p string, data []byte) {
	os.Create(p)
	os.WriteFile(p, data, 0o666)
	os.MkdirAll(p, 0o777)
	os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o644)
	os.WriteFile("/etc/app.conf", data, 0o644)
	os.Mkdir(filepath.Join("/var/lib", "app"), os.ModePerm)
	ioutil.WriteFile(p, data, 0o644)
}

// Shared temp.

func shared(name string, data []byte) {
	os.Create(filepath.Join(os.TempDir(), name)) // want `os.Create in shared temp dir creates the file with mode 0666 before umask, readable by other users: use os.OpenFile with mode 0o600`
	os.WriteFile("/tmp/out.txt", data, 0o644)    // not reported: a predictable name, temppath's finding
	os.WriteFile("/tmp/out.txt", data, 0o600)    // ok
	os.WriteFile("/tmp/out.txt", data, 0o400)    // ok
	ioutil.WriteFile("/var/tmp/x", data, 0o640)  // not reported: a predictable name, temppath's finding
	dir := filepath.Join(os.TempDir(), "cache")
	os.MkdirAll(dir, 0o755)                                                                // not reported: a predictable name, temppath's finding
	os.MkdirAll(dir, 0o700)                                                                // ok
	os.Mkdir(dir, os.ModePerm)                                                             // want `os.Mkdir in shared temp dir with mode 0o777 makes the directory writable by any local user`
	os.OpenFile(filepath.Join(os.TempDir(), "f"), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666) // want `os.OpenFile in shared temp dir with mode 0o666`
	os.OpenFile(filepath.Join(dir, "f"), os.O_RDONLY, 0o666)                               // ok: does not create
	os.OpenFile(filepath.Join(dir, "f"), os.O_RDWR|os.O_CREATE, 0o600)                     // ok
	os.Chmod("/tmp/out.txt", 0o644)                                                        // want `os.Chmod to mode 0o644 in shared temp dir makes it readable by any local user: use 0o600`
	os.Chmod("/tmp/dir", 0o700)                                                            // ok: a private directory
	f, err := os.Create("/dev/shm/seg")                                                    // not reported: a predictable name, temppath's finding
	if err != nil {
		return
	}
	f.Chmod(0o644)                     // want `\(\*os.File\).Chmod to mode 0o644 in shared temp dir`
	os.Mkdir(dir, 0o1777)              // want `os.Mkdir in shared temp dir with mode 0o777`
	os.Mkdir(dir, os.ModeSticky|0o700) // ok: the sticky bit is not a permission
}

func sharedFlags(flags int) {
	// The flags may include O_CREATE.
	os.OpenFile("/tmp/x", flags, 0o644) // want `os.OpenFile in shared temp dir with mode 0o644`
}

// Private temp: not shared.

func private(data []byte) error {
	dir, err := os.MkdirTemp("", "app-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "out.txt"), data, 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "log"))
	if err != nil {
		return err
	}
	defer f.Close()
	return os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
}

// Chmod: world-writable anywhere.

func chmod(p string, f *os.File) {
	os.Chmod(p, 0o666)               // want `os.Chmod to world-writable mode 0o666 without the sticky bit: chmod is exact, no umask narrows it, so any local user can modify it; use 0o664`
	os.Chmod(p, 0o777)               // want `os.Chmod to world-writable mode 0o777`
	os.Chmod(p, os.ModeSticky|0o777) // ok: sticky, like /tmp
	os.Chmod(p, 0o1777)              // want `os.Chmod with mode 0o1777 sets 0o777: an os.FileMode's sticky bit is os.ModeSticky, not 0o1000, so it is world-writable without the sticky bit; use os.ModeSticky\|0o777`
	os.Chmod(p, 0o775)               // ok: not world-writable, not shared
	os.Chmod(p, 0o644)               // ok
	f.Chmod(0o646)                   // want `\(\*os.File\).Chmod to world-writable mode 0o646`
	os.Chmod(p, os.ModePerm)         // want `os.Chmod to world-writable mode 0o777`
	os.Chmod(p, os.ModeSetgid|0o777) // want `os.Chmod to world-writable mode 0o777`
	mode := os.FileMode(0o755)
	os.Chmod(p, mode) // ok: not constant, reported only in the strict profile
}

// Root.

func root(r *os.Root, data []byte) {
	r.WriteFile("x", data, 0o644)
	r.Chmod("x", 0o666) // want `\(\*os.Root\).Chmod to world-writable mode 0o666`
	tmp, err := os.OpenRoot(os.TempDir())
	if err != nil {
		return
	}
	tmp.WriteFile("x", data, 0o644) // want `\(\*os.Root\).WriteFile in shared temp dir with mode 0o644`
	tmp.Create("y")                 // want `\(\*os.Root\).Create in shared temp dir creates the file with mode 0666`
	tmp.Mkdir("d", 0o750)           // want `\(\*os.Root\).Mkdir in shared temp dir with mode 0o750`
}

// Non-constant modes are not reported by default.

func variable(p string, m os.FileMode, data []byte) {
	os.WriteFile("/tmp/x", data, m)
	os.Chmod(p, m)
	os.MkdirAll(p, m|0o700)
}

// Generics.

func generic[M ~uint32](p string, m M, data []byte) {
	os.WriteFile(p, data, fs.FileMode(m))
	os.WriteFile("/tmp/g", data, fs.FileMode(M(0o644))) // ok: a conversion to a type parameter is not constant
}
