package strict

import (
	"io/fs"
	"io/ioutil"
	"os"
	"path/filepath"
	"syscall"
)

// Implicit modes. The package's imports do not reach the shim, so no fix
// may import it (the module may not require it): os.Create gets the
// standard library's OpenFile, the temp creations only the hint.

func implicit(p string) {
	os.Create(p)                                // want `os.Create leaves the file mode implicit \(0666 before umask\): state it, as fsmode.Create\(name, 0o600\) does`
	os.CreateTemp("", "x-*")                    // want `os.CreateTemp leaves the mode implicit \(0600\): state it, as fsmode.CreateTemp\(dir, pattern, 0o600\) does`
	os.MkdirTemp(p, "x-*")                      // want `os.MkdirTemp leaves the mode implicit \(0700\): state it, as fsmode.MkdirTemp\(dir, pattern, 0o700\) does`
	ioutil.TempFile("", "x")                    // want `ioutil.TempFile leaves the mode implicit`
	ioutil.TempDir("", "x")                     // want `ioutil.TempDir leaves the mode implicit`
	os.Create(filepath.Join(os.TempDir(), "x")) // want `os.Create in shared temp dir creates the file with mode 0666`
}

func root(r *os.Root) {
	r.Create("x") // want `\(\*os.Root\).Create leaves the file mode implicit \(0666 before umask\): use OpenFile with mode 0o600`
}

// The policy everywhere.

func policy(p string, data []byte) {
	os.WriteFile(p, data, 0o644)                   // want `os.WriteFile with mode 0o644, wider than the policy 0o600, makes the file readable by any local user unless the umask narrows it: use 0o600`
	os.WriteFile(p, data, 0o600)                   // ok
	os.MkdirAll(p, 0o755)                          // want `os.MkdirAll with mode 0o755, wider than the policy 0o700`
	os.MkdirAll(p, 0o700)                          // ok
	os.Mkdir(p, os.ModePerm)                       // want `os.Mkdir with mode 0o777, wider than the policy 0o700, makes the directory writable by any local user`
	os.OpenFile(p, os.O_RDONLY, 0o644)             // ok: does not create
	os.OpenFile(p, os.O_CREATE|os.O_WRONLY, 0o640) // want `os.OpenFile with mode 0o640, wider than the policy 0o600, makes the file readable by its group`
	os.Chmod(p, 0o755)                             // want `os.Chmod to mode 0o755, wider than the policy 0o700, makes it readable by any local user: use 0o700`
	os.Chmod(p, 0o700)                             // ok
	syscall.Mkdir(p, 0o750)                        // want `syscall.Mkdir with mode 0o750, wider than the policy 0o700`
	os.Chmod(p, 0o666)                             // want `os.Chmod to world-writable mode 0o666`
}

// Non-constant modes.

func variable(p string, m fs.FileMode, fi fs.FileInfo, data []byte, cond bool) {
	os.WriteFile(p, data, m)                // want `os.WriteFile with a mode that is not constant and not known to be within the policy 0o600: state the mode or mask it \(mode&0o600\)`
	os.WriteFile(p, data, m&0o600)          // ok: masked
	os.WriteFile(p, data, fi.Mode().Perm()) // want `os.WriteFile with a mode that is not constant`
	os.MkdirAll(p, m&^0o077)                // ok: the bits outside 0o700 are cleared
	os.Chmod(p, m)                          // want `os.Chmod with a mode that is not constant and not known to be within the policy 0o700`
	mode := fs.FileMode(0o600)
	if cond {
		mode = 0o400
	}
	os.WriteFile(p, data, mode) // ok: every assignment is within the policy
	wide := fs.FileMode(0o600)
	if cond {
		wide = 0o644
	}
	os.WriteFile(p, data, wide)     // want `os.WriteFile with a mode that is not constant`
	os.WriteFile("/tmp/x", data, m) // want `os.WriteFile in shared temp dir with a mode that is not constant`
	syscall.Umask(int(m))           // want `syscall.Umask with a mask that is not constant may let other-write through`
}

func generic[M ~uint32](p string, m M, data []byte) {
	os.WriteFile(p, data, fs.FileMode(m)) // want `os.WriteFile with a mode that is not constant`
}

// The owner's bits are the owner's business.

func owner(p string, data []byte) {
	os.WriteFile(p, data, 0o700)                   // ok: an executable for its owner
	os.WriteFile(p, data, 0o100)                   // ok
	os.WriteFile(p, data, 0o755)                   // want `os.WriteFile with mode 0o755, wider than the policy 0o600, makes the file readable by any local user unless the umask narrows it: use 0o700`
	os.OpenFile(p, os.O_CREATE|os.O_WRONLY, 0o711) // want `os.OpenFile with mode 0o711, wider than the policy 0o600, makes the file accessible to other users unless the umask narrows it: use 0o700`
}
