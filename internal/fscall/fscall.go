// Package fscall recognizes the standard library and x/sys/unix calls that
// create files and directories or set their modes, and names their
// arguments, for the filemode and temppath analyzers.
package fscall

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A Kind says what a call does to the file system.
type Kind int

const (
	CreateFile Kind = iota // creates or opens a file: os.Create, os.OpenFile, os.WriteFile, syscall.Open
	CreateDir              // os.Mkdir, os.MkdirAll, syscall.Mkdir
	Chmod                  // os.Chmod, (*os.File).Chmod, syscall.Fchmod
	Umask                  // syscall.Umask
	TempFile               // os.CreateTemp, ioutil.TempFile
	TempDir                // os.MkdirTemp, ioutil.TempDir
	Link                   // os.Symlink, os.Link: Path is the new name
	// Node creates a FIFO or another special file with the mode argument
	// (less the umask): syscall.Mkfifo, unix.Mkfifoat, syscall.Mknod.
	Node
	// Bind binds a socket, which for a unix socket creates a file whose
	// mode is 0777 less the umask: net.Listen("unix", p), net.ListenUnix,
	// syscall.Bind. Path is the address argument: a string for net.Listen
	// and net.ListenPacket, a *net.UnixAddr or a syscall.Sockaddr
	// otherwise (passes/tempdir classifies the unix ones by their name).
	Bind
)

// A Call is a recognized call with its arguments named.
type Call struct {
	Call *ast.CallExpr
	Func *types.Func
	Name string // as written in messages: "os.Create", "(*os.Root).Create", "unix.Open"
	Kind Kind
	Path ast.Expr // the path argument; nil for descriptor calls and (*os.File).Chmod
	Recv ast.Expr // the receiver of a method: an *os.File or *os.Root
	Mode ast.Expr // the mode argument; nil when the mode is implicit
	// Flags is the open-flags argument of OpenFile and Open; nil otherwise.
	Flags ast.Expr
	// Implicit is the mode of a call without a mode argument: 0o666 for
	// os.Create, 0o600 for os.CreateTemp, 0o700 for os.MkdirTemp.
	Implicit uint64
	// Raw says the mode is a raw Unix mode (sticky bit 0o1000), as for
	// syscall and unix calls, rather than an os.FileMode.
	Raw bool
	// Creat says the call always creates, as syscall.Creat does; only
	// meaningful with Flags == nil.
	Creat bool
	// Network is the network argument of a Bind call that names one
	// (net.Listen, net.ListenPacket, (*net.ListenConfig).Listen); nil
	// otherwise.
	Network ast.Expr
}

type shape struct {
	kind     Kind
	nargs    int
	path     int // -1: none
	mode     int // -1: implicit
	flags    int // -1: none; for Bind, the network argument
	implicit uint64
}

var osCalls = map[string]shape{
	"Create":     {CreateFile, 1, 0, -1, -1, 0o666},
	"OpenFile":   {CreateFile, 3, 0, 2, 1, 0},
	"WriteFile":  {CreateFile, 3, 0, 2, -1, 0},
	"Mkdir":      {CreateDir, 2, 0, 1, -1, 0},
	"MkdirAll":   {CreateDir, 2, 0, 1, -1, 0},
	"Chmod":      {Chmod, 2, 0, 1, -1, 0},
	"CreateTemp": {TempFile, 2, -1, -1, -1, 0o600},
	"MkdirTemp":  {TempDir, 2, -1, -1, -1, 0o700},
	"Symlink":    {Link, 2, 1, -1, -1, 0},
	"Link":       {Link, 2, 1, -1, -1, 0},
}

var ioutilCalls = map[string]shape{
	"WriteFile": {CreateFile, 3, 0, 2, -1, 0},
	"TempFile":  {TempFile, 2, -1, -1, -1, 0o600},
	"TempDir":   {TempDir, 2, -1, -1, -1, 0o700},
}

var rootMethods = map[string]shape{
	"Create":    {CreateFile, 1, 0, -1, -1, 0o666},
	"OpenFile":  {CreateFile, 3, 0, 2, 1, 0},
	"WriteFile": {CreateFile, 3, 0, 2, -1, 0},
	"Mkdir":     {CreateDir, 2, 0, 1, -1, 0},
	"MkdirAll":  {CreateDir, 2, 0, 1, -1, 0},
	"Chmod":     {Chmod, 2, 0, 1, -1, 0},
	"Symlink":   {Link, 2, 1, -1, -1, 0},
	"Link":      {Link, 2, 1, -1, -1, 0},
}

var sysCalls = map[string]shape{
	"Open":     {CreateFile, 3, 0, 2, 1, 0},
	"Openat":   {CreateFile, 4, 1, 3, 2, 0},
	"Creat":    {CreateFile, 2, 0, 1, -1, 0},
	"Mkdir":    {CreateDir, 2, 0, 1, -1, 0},
	"Mkdirat":  {CreateDir, 3, 1, 2, -1, 0},
	"Chmod":    {Chmod, 2, 0, 1, -1, 0},
	"Fchmod":   {Chmod, 2, -1, 1, -1, 0},
	"Fchmodat": {Chmod, 4, 1, 2, -1, 0},
	"Umask":    {Umask, 1, -1, 0, -1, 0},
	"Mkfifo":   {Node, 2, 0, 1, -1, 0},
	"Mkfifoat": {Node, 3, 1, 2, -1, 0},
	"Mknod":    {Node, 3, 0, 1, -1, 0},
	"Mknodat":  {Node, 4, 1, 2, -1, 0},
	"Bind":     {Bind, 2, 1, -1, -1, 0o777},
}

// netCalls are the package net functions that bind a listening socket;
// flags is the network argument where there is one.
var netCalls = map[string]shape{
	"Listen":         {Bind, 2, 1, -1, 0, 0o777},
	"ListenPacket":   {Bind, 2, 1, -1, 0, 0o777},
	"ListenUnix":     {Bind, 2, 1, -1, -1, 0o777},
	"ListenUnixgram": {Bind, 2, 1, -1, -1, 0o777},
}

var listenConfigMethods = map[string]shape{
	"Listen":       {Bind, 3, 2, -1, 1, 0o777},
	"ListenPacket": {Bind, 3, 2, -1, 1, 0o777},
}

// Match recognizes call. It reports false for any other call, and for a
// recognized function called with an unexpected number of arguments.
func Match(info *types.Info, call *ast.CallExpr) (Call, bool) {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || call.Ellipsis.IsValid() {
		return Call{}, false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return Call{}, false
	}
	c := Call{Call: call, Func: fn}
	var sh shape
	pkg, name := fn.Pkg().Path(), fn.Name()
	if recv := sig.Recv(); recv != nil {
		if pkg != "os" && pkg != "net" {
			return Call{}, false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return Call{}, false
		}
		c.Recv = sel.X
		switch recvName(recv.Type()) {
		case "ListenConfig":
			if pkg != "net" {
				return Call{}, false
			}
			if sh, ok = listenConfigMethods[name]; !ok {
				return Call{}, false
			}
			c.Recv = nil // the address is not inside the receiver
			c.Name = "(*net.ListenConfig)." + name
		case "File":
			if pkg != "os" {
				return Call{}, false
			}
			if name != "Chmod" {
				return Call{}, false
			}
			sh = shape{Chmod, 1, -1, 0, -1, 0}
			c.Name = "(*os.File).Chmod"
		case "Root":
			if pkg != "os" {
				return Call{}, false
			}
			if sh, ok = rootMethods[name]; !ok {
				return Call{}, false
			}
			c.Name = "(*os.Root)." + name
		default:
			return Call{}, false
		}
	} else {
		var table map[string]shape
		switch pkg {
		case "os":
			table = osCalls
		case "io/ioutil":
			table = ioutilCalls
		case "syscall", "golang.org/x/sys/unix":
			table = sysCalls
			c.Raw = true
		case "net":
			table = netCalls
		default:
			return Call{}, false
		}
		if sh, ok = table[name]; !ok {
			return Call{}, false
		}
		c.Name = fn.Pkg().Name() + "." + name
		c.Creat = c.Raw && name == "Creat"
	}
	if len(call.Args) != sh.nargs {
		return Call{}, false
	}
	c.Kind = sh.kind
	c.Implicit = sh.implicit
	if sh.path >= 0 {
		c.Path = call.Args[sh.path]
	}
	if sh.mode >= 0 {
		c.Mode = call.Args[sh.mode]
	}
	if sh.flags >= 0 {
		if sh.kind == Bind {
			c.Network = call.Args[sh.flags]
		} else {
			c.Flags = call.Args[sh.flags]
		}
	}
	return c, true
}

func recvName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// A Tristate is a yes, a no, or a maybe.
type Tristate int

const (
	No Tristate = iota
	Maybe
	Yes
)

// FlagSet reports whether the open flags of the call include the flag
// named by the constant of the callee's package (os.O_CREATE for os calls;
// syscall.O_CREAT for syscall calls): Maybe when the flags are not
// constant. Calls without a flags argument report No, except syscall.Creat,
// which always includes O_CREAT and O_TRUNC.
func (c *Call) FlagSet(info *types.Info, osName, rawName string) Tristate {
	name := osName
	if c.Raw {
		name = rawName
	}
	if c.Flags == nil {
		if c.Creat && (rawName == "O_CREAT" || rawName == "O_TRUNC") {
			return Yes
		}
		return No
	}
	bit, ok := flagValue(c.Func.Pkg(), name)
	if !ok {
		return Maybe
	}
	tv, ok := info.Types[c.Flags]
	if !ok || tv.Value == nil {
		return Maybe
	}
	v, ok := constant.Uint64Val(constant.ToInt(tv.Value))
	if !ok {
		return Maybe
	}
	if v&bit != 0 {
		return Yes
	}
	return No
}

// flagValue returns the value of the named integer constant of pkg.
func flagValue(pkg *types.Package, name string) (uint64, bool) {
	c, ok := pkg.Scope().Lookup(name).(*types.Const)
	if !ok {
		return 0, false
	}
	return constant.Uint64Val(constant.ToInt(c.Val()))
}

// Creates reports whether the call may create a file or directory.
func (c *Call) Creates(info *types.Info) Tristate {
	switch c.Kind {
	case CreateDir, TempFile, TempDir, Link, Node:
		return Yes
	case Bind:
		return c.unixNetwork(info)
	case CreateFile:
		if c.Flags == nil && !c.Raw || c.Creat {
			return Yes // os.Create, os.WriteFile
		}
		return c.FlagSet(info, "O_CREATE", "O_CREAT")
	}
	return No
}

// IsDir reports whether the call creates a directory.
func (c *Call) IsDir() bool { return c.Kind == CreateDir || c.Kind == TempDir }

// unixNetwork reports whether a Bind call binds a unix socket, which
// creates a file: Yes for the unix networks and for calls that take no
// network (net.ListenUnix, syscall.Bind: their address says, and only a
// unix address has a path), No for another constant network, Maybe when
// the network is not constant.
func (c *Call) unixNetwork(info *types.Info) Tristate {
	if c.Network == nil {
		return Yes
	}
	tv, ok := info.Types[c.Network]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return Maybe
	}
	switch constant.StringVal(tv.Value) {
	case "unix", "unixpacket", "unixgram":
		return Yes
	}
	return No
}
