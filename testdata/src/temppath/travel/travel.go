package travel

import (
	"flag"
	"fmt"
	"math/rand"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"syscall"

	"temppath/travel/lib"
)

const sock = "/tmp/mydaemon.sock"

const spoolDir = "/var/tmp/spool"

var lockFile = filepath.Join(os.TempDir(), "app.lock")

var (
	out      = flag.String("o", "/tmp/out.cpio", "output archive")
	archOut  = flag.String("a", fmt.Sprintf("/tmp/initramfs.%s_%s.cpio", runtime.GOOS, runtime.GOARCH), "output archive")
	fifoPath string
	homeOut  = flag.String("h", "/home/me/out.cpio", "output archive")
)

func init() {
	flag.StringVar(&fifoPath, "fifo", "/tmp/ctl.fifo", "control fifo")
}

func consts(data []byte) {
	net.Listen("unix", sock)                                           // want `net.Listen at a predictable name in shared temp dir \(const sock at travel.go:16\): another local user can bind it first`
	os.WriteFile(filepath.Join(spoolDir, "x"), data, 0o600)            // want `os.WriteFile at a predictable name in shared temp dir \(const spoolDir at travel.go:18\)`
	os.Create(lockFile)                                                // want `os.Create at a predictable name in shared temp dir \(var lockFile at travel.go:20\)`
	os.WriteFile(filepath.Join(os.TempDir(), "in-place"), data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir: another`
}

func flags(data []byte) {
	os.WriteFile(*out, data, 0o600)     // want `os.WriteFile at a predictable name in shared temp dir \(the default of flag -o at travel.go:23\): another local user can pre-create it or plant a symlink; default the flag to a path under os.UserCacheDir\(\) or \$XDG_RUNTIME_DIR, or to one in a per-run os.MkdirTemp directory`
	os.WriteFile(*archOut, data, 0o600) // want `the default of flag -a at travel.go:24`
	syscall.Mkfifo(fifoPath, 0o600)     // want `syscall.Mkfifo at a predictable name in shared temp dir \(the default of flag -fifo at travel.go:30\)`
	os.WriteFile(*homeOut, data, 0o600) // ok: not shared temp
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	local := fs.String("sock", filepath.Join(os.TempDir(), "x.sock"), "")
	net.Listen("unix", *local) // want `net.Listen at a predictable name in shared temp dir \(the default of flag -sock at travel.go:46\)`
	random := fs.String("r", fmt.Sprintf("/tmp/x-%d", rand.Int()), "")
	net.Listen("unix", *random) // ok: random
}

type daemon struct {
	sock    string // set once, below
	spool   string // set in two places
	private string // set once, to a private directory
}

func newDaemon(spool string) *daemon {
	d := &daemon{sock: "/tmp/daemon.sock", spool: "/tmp/spool"}
	if spool != "" {
		d.spool = spool
	}
	dir, _ := os.MkdirTemp("", "d-*")
	d.private = filepath.Join(dir, "d.sock")
	return d
}

func (d *daemon) run(data []byte) {
	net.Listen("unix", d.sock)                             // want `net.Listen at a predictable name in shared temp dir \(field sock, set once at travel.go:53\)`
	os.WriteFile(filepath.Join(d.spool, "x"), data, 0o600) // ok: the caller may set another spool
	net.Listen("unix", d.private)                          // ok: private
}

func params(data []byte, userDir string) { // want params:"createsAt.1: joined net.Listen."
	lib.Serve("/tmp/app.sock")                               // want `Serve creates argument 1 at a predictable name in shared temp dir, with net.Listen at lib.go:\d+: another local user can pre-create it or plant a symlink; pass a path in a directory from os.MkdirTemp`
	lib.Serve(sock)                                          // want `Serve creates argument 1 at a predictable name in shared temp dir \(const sock at travel.go:16\), with net.Listen`
	lib.Start(filepath.Join(os.TempDir(), "app.sock"))       // want `Start creates argument 1 at a predictable name in shared temp dir, with net.Listen at lib.go:\d+`
	lib.Spool("/tmp", data)                                  // want `Spool creates a file inside argument 1 at a predictable name in shared temp dir, with os.WriteFile at lib.go:\d+`
	lib.Pipe(*out)                                           // want `Pipe creates argument 1 at a predictable name in shared temp dir \(the default of flag -o at travel.go:23\), with syscall.Mkfifo at lib.go:\d+: .*default the flag`
	lib.Serve(filepath.Join(userDir, "app.sock"))            // ok: the caller's directory
	lib.Serve(fmt.Sprintf("/tmp/app-%d.sock", rand.Int()))   // ok: random
	lib.Spool(os.TempDir()+"/"+fmt.Sprint(rand.Int()), data) // ok: random
	lib.Exclusive("/tmp/app.lock")                           // ok: O_EXCL, strict only
	lib.Reads("/tmp/app.conf")                               // ok: reads
	lib.Reassigned("/tmp/app")                               // ok: no fact
	serveLocal("/tmp/local.sock")                            // want `serveLocal creates argument 1 at a predictable name in shared temp dir, with net.Listen at travel.go:\d+`
	dir, _ := os.MkdirTemp("", "p-*")
	lib.Serve(filepath.Join(dir, "app.sock")) // ok: private
}

func foreignVars(data []byte) {
	net.Listen("unix", lib.DefaultSock)                                             // want `net.Listen at a predictable name in shared temp dir \(var DefaultSock at lib.go:\d+\)`
	os.WriteFile(filepath.Join(lib.SpoolRoot, "x"), data, 0o600)                    // want `os.WriteFile at a predictable name in shared temp dir \(var SpoolRoot at lib.go:\d+\)`
	os.WriteFile(*lib.Out, data, 0o600)                                             // want `\(the default of flag -out at lib.go:\d+\): .*default the flag`
	lib.Serve(lib.DefaultSock)                                                      // want `Serve creates argument 1 at a predictable name in shared temp dir \(var DefaultSock at lib.go:\d+\)`
	os.WriteFile(filepath.Join(lib.Home, "x"), data, 0o600)                         // ok
	os.WriteFile(lib.Changed, data, 0o600)                                          // ok: assigned elsewhere
	os.WriteFile(filepath.Join(lib.SpoolRoot, fmt.Sprint(rand.Int())), data, 0o600) // ok: random
}

func foreignResults(data []byte) {
	net.Listen("unix", lib.SocketPath())                            // want `net.Listen at a predictable name in shared temp dir \(the result of lib.SocketPath at lib.go:\d+\)`
	os.WriteFile(filepath.Join(lib.RunDir(), "state"), data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir \(the result of lib.RunDir at lib.go:\d+\)`
	os.WriteFile(lib.HomeSock(), data, 0o600)                       // ok: not shared temp
	net.Listen("unix", lib.SocketFor[int]())                        // want `net.Listen at a predictable name in shared temp dir \(the result of lib.SocketFor at lib.go:\d+\)`
	lib.ServeFor(lib.DefaultSock, 1)                                // want `ServeFor creates argument 1 at a predictable name in shared temp dir \(var DefaultSock at lib.go:\d+\)`
	os.WriteFile(lib.SockFor("x"), data, 0o600)                     // ok: no fact
	p, _ := lib.Default()
	os.WriteFile(p, data, 0o600) // want `os.WriteFile at a predictable name in shared temp dir \(the result of lib.Default at lib.go:\d+\)`
}

func serveLocal(p string) { // want serveLocal:"createsAt.0: net.Listen."
	net.Listen("unix", p)
}

// Serve runs the daemon: its run method is called, not dead code.
func Serve(spool string, data []byte) { newDaemon(spool).run(data) }
