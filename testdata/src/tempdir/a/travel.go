package a

import (
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
)

func origin(any) {}

const sockPath = "/tmp/travel.sock"

const sockDir = "/tmp/travel"

var (
	outFlag   = flag.String("o", "/tmp/out.cpio", "output")
	archFlag  = flag.String("a", fmt.Sprintf("/tmp/out-%s-%s", runtime.GOOS, runtime.GOARCH), "output")
	homeFlag  = flag.String("h", "/home/me/out", "output")
	boundFlag string
	setTwice  = "/tmp/a"
	Exported  = filepath.Join(os.TempDir(), "exported.sock")
)

func init() {
	flag.StringVar(&boundFlag, "b", "/tmp/bound.log", "bound")
	setTwice = "/etc/x"
}

func travels(fs *flag.FlagSet) {
	probe(sockPath)                      // want `shared temp predictable`
	origin(sockPath)                     // want `origin "const sockPath" at line 15`
	origin(sockDir + "/x")               // want `origin "const sockDir" at line 17`
	origin(filepath.Join(sockDir, "x"))  // want `origin "const sockDir" at line 17`
	origin("/tmp/in-place")              // want `origin "" at line 0`
	probe(*outFlag)                      // want `shared temp predictable`
	origin(*outFlag)                     // want `origin "the default of flag -o" at line 20`
	probe(*archFlag)                     // want `shared temp predictable`
	probe(*homeFlag)                     // want `unknown predictable`
	probe(boundFlag)                     // want `shared temp predictable`
	origin(boundFlag)                    // want `origin "the default of flag -b" at line 29`
	probe(setTwice)                      // want `unknown predictable`
	probe(Exported)                      // want `shared temp predictable`
	origin(filepath.Join(Exported, "x")) // want `origin "var Exported" at line 25`
	local := fs.String("l", "/tmp/local.out", "")
	probe(*local)  // want `shared temp predictable`
	origin(*local) // want `origin "the default of flag -l" at line 48`
}

type server struct {
	sock  string // set once, in newServer
	dir   string // set twice
	Addr  string // exported: other packages may set it
	taken string // its address is taken
}

func newServer(dir string) *server {
	s := &server{sock: "/tmp/server.sock", dir: "/tmp/d", Addr: "/tmp/addr"}
	if dir != "" {
		s.dir = dir
	}
	p := &s.taken
	_ = p
	return s
}

func setOnce(s *server, plain server) {
	probe(s.sock)     // want `shared temp predictable`
	origin(s.sock)    // want `origin "field sock, set once" at line 54`
	probe(plain.sock) // want `shared temp predictable`
	probe(s.dir)      // want `unknown unpredictable`
	probe(s.Addr)     // want `unknown unpredictable`
	probe(s.taken)    // want `unknown unpredictable`
}

func addrs(name string) {
	probe(&net.UnixAddr{Name: "/tmp/a.sock", Net: "unix"}) // want `shared temp predictable`
	probe(&syscall.SockaddrUnix{Name: sockPath})           // want `shared temp predictable`
	probe(&net.UnixAddr{Name: name, Net: "unix"})          // want `unknown unpredictable`
	probe(&net.TCPAddr{Port: 80})                          // want `unknown unpredictable`
	a, _ := net.ResolveUnixAddr("unix", filepath.Join(os.TempDir(), "r.sock"))
	probe(a) // want `shared temp predictable`
}
