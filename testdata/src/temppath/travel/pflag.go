package travel // want package:"createsPkg"

import (
	"net"

	"github.com/spf13/pflag"
)

type options struct {
	socket string
	pidDir string
}

func pflags(fs *pflag.FlagSet) {
	var o options
	fs.StringVarP(&o.socket, "socket", "s", "/tmp/agent.sock", "agent socket")
	net.Listen("unix", o.socket) // want `net.Listen at a predictable name in shared temp dir \(the default of flag -socket at pflag.go:16\).*default the flag to a path under os.UserCacheDir\(\)`
	sock := fs.StringP("sock", "S", "/tmp/agent2.sock", "")
	net.Listen("unix", *sock) // want `the default of flag -sock at pflag.go:18`
	fs.StringVar(&o.pidDir, "pid-dir", "/run/agent", "")
	net.Listen("unix", o.pidDir+"/agent.sock") // ok: not shared temp
}
