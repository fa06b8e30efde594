// Package lib creates at paths its callers pass: the createsAt facts
// carry that to the callers in package travel.
package lib // want package:"createsPkg"

import (
	"flag"
	"net"
	"os"
	"path/filepath"
	"syscall"
)

// Serve binds the socket at sock.
func Serve(sock string) (net.Listener, error) { // want Serve:"createsAt.0: net.Listen."
	return net.Listen("unix", sock)
}

// Spool writes its files inside dir.
func Spool(dir string, data []byte) error { // want Spool:"createsAt.0: joined os.WriteFile."
	return os.WriteFile(filepath.Join(dir, "spool.dat"), data, 0o600)
}

// Pipe makes a FIFO at name, through a local variable.
func Pipe(name string) error { // want Pipe:"createsAt.0: syscall.Mkfifo."
	p := name
	return syscall.Mkfifo(p, 0o600)
}

// Start passes its path on to Serve: the fact follows.
func Start(sock string) error { // want Start:"createsAt.0: net.Listen."
	l, err := Serve(sock)
	if err != nil {
		return err
	}
	return l.Close()
}

// Exclusive creates with O_EXCL: a squat makes it fail, it cannot be
// redirected; only the strict profile reports that, so no fact.
func Exclusive(name string) error {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	return f.Close()
}

// Reads only reads its path.
func Reads(name string) ([]byte, error) { return os.ReadFile(name) }

// Reassigned changes its parameter before creating: no fact.
func Reassigned(name string) error {
	if name == "" {
		name = filepath.Join(os.Getenv("HOME"), ".app")
	}
	return os.MkdirAll(name, 0o700)
}

// The exported variables that hold shared temp paths carry sharedVar
// facts to the packages that use them.
var (
	DefaultSock = "/tmp/lib.sock"                              // want DefaultSock:"sharedVar.predictable, var DefaultSock."
	SpoolRoot   = os.TempDir()                                 // want SpoolRoot:"sharedVar.unpredictable, var SpoolRoot."
	Out         = flag.String("out", "/tmp/lib.out", "output") // want Out:"sharedVar.predictable, the default of flag -out."
	Home        = os.Getenv("HOME")                            // no fact: not shared temp
	Changed     = "/tmp/changed"                               // no fact: SetChanged assigns it
)

// SetChanged changes Changed.
func SetChanged(p string) { Changed = p }

// The exported functions without parameters that return a shared temp
// path carry sharedVar facts too.

// SocketPath is the default socket.
func SocketPath() string { return "/tmp/lib-fn.sock" } // want SocketPath:"sharedVar.predictable, the result of lib.SocketPath."

// SocketFor is SocketPath in a generic function.
func SocketFor[T any]() string { return "/tmp/lib-gen.sock" } // want SocketFor:"sharedVar.predictable, the result of lib.SocketFor."

// ServeFor is Serve in a generic function.
func ServeFor[T any](sock string, tag T) (net.Listener, error) { // want ServeFor:"createsAt.0: net.Listen."
	return net.Listen("unix", sock)
}

// RunDir is the run directory: os.TempDir() or a fixed one.
func RunDir() string { // want RunDir:"sharedVar.unpredictable, the result of lib.RunDir."
	if d := os.Getenv("RUNTIME_DIR"); d == "" {
		return os.TempDir()
	}
	return "/tmp/lib-run"
}

// HomeSock is not in shared temp.
func HomeSock() string { return filepath.Join(os.Getenv("HOME"), "lib.sock") } // no fact

// SockFor depends on its parameter: no fact (createsAt judges the callers).
func SockFor(name string) string { return "/tmp/" + name }

// Default returns a fixed path, or an error.
func Default() (string, error) { return "/tmp/lib-default", nil } // want Default:"sharedVar.predictable, the result of lib.Default."
