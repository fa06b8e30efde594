package tempfacts

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/tmplint/tmplint/internal/fscall"
)

// Sockets bound at the tracked name.
//
// A unix socket bound at the object's name (after the temp file was
// removed to make room for it: net.Listen needs the name free) or at a
// path inside the object (a socket in a temp directory) puts the name to
// use for as long as the socket lives. What that means for the obligation
// depends on who unlinks the socket file:
//
//   - a *net.UnixListener made by net.Listen, net.ListenUnix or
//     (*net.ListenConfig).Listen unlinks its socket file on Close (unless
//     SetUnlinkOnClose(false) says otherwise): bound at the object's name,
//     the listener owns the object. Returning or storing it hands the
//     object off, closing it removes the object.
//   - a socket bound inside the object (the directory stays when the
//     socket file goes), a datagram socket (net.ListenPacket,
//     net.ListenUnixgram: no unlinking), and a descriptor bound with
//     syscall.Bind or unix.Bind (closing it unlinks nothing) keep the
//     object in use without ever removing it: returning or storing them
//     is Kept, the obligation stays with the function, and the object
//     must not be removed while they live.
//
// A FIFO made with Mkfifo or Mknod at the name needs nothing of its own:
// it is the object now, and removing the name removes it.

// An endpoint is a socket bound at the tracked object's name or inside it.
type endpoint struct {
	at      holding // holdsItself: bound at the name; holdsInside: at a path inside it
	unlinks bool    // closing it unlinks the socket file
}

// holds says what the endpoint holds of the object: the object itself
// when it is bound at the object's name and unlinks it on Close, else
// only a use of it.
func (ep endpoint) holds() holding {
	if ep.at == holdsItself && ep.unlinks {
		return holdsItself
	}
	return holdsInside
}

// bindAt returns the endpoint made by call if it binds a unix socket at
// the tracked name or inside the object, and the expression that holds the
// socket: the call itself for package net (its first result), the
// descriptor argument for syscall.Bind and unix.Bind.
func (t *Tracker) bindAt(call *ast.CallExpr) (endpoint, ast.Expr, bool) {
	m, ok := fscall.Match(t.info, call)
	if !ok || m.Kind != fscall.Bind || m.Creates(t.info) == fscall.No || m.Path == nil {
		return endpoint{}, nil, false
	}
	at := t.pathHolding(t.unixAddrName(m.Path))
	if at == holdsNothing {
		return endpoint{}, nil, false
	}
	switch m.Func.Pkg().Path() {
	case "net":
		ep := endpoint{at: at}
		switch m.Name {
		case "net.Listen", "net.ListenUnix", "(*net.ListenConfig).Listen":
			ep.unlinks = true
		}
		return ep, call, true
	default: // syscall.Bind(fd, &syscall.SockaddrUnix{Name: p})
		return endpoint{at: at}, call.Args[0], true
	}
}

// pathHolding says whether e is the tracked name or a path inside it.
func (t *Tracker) pathHolding(e ast.Expr) holding {
	switch {
	case e == nil:
		return holdsNothing
	case t.NameExpr(e):
		return holdsItself
	case t.derivedExpr(e):
		return holdsInside
	}
	return holdsNothing
}

// unixAddrName returns the path inside a unix socket address: the address
// itself when it is a string (net.Listen), the Name of a *net.UnixAddr or
// *syscall.SockaddrUnix literal, or the address argument of
// net.ResolveUnixAddr.
func (t *Tracker) unixAddrName(addr ast.Expr) ast.Expr {
	if tv, ok := t.info.Types[addr]; ok && isString(tv.Type) {
		return addr
	}
	e := ast.Unparen(addr)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Name" {
					return kv.Value
				}
			}
		}
	case *ast.CallExpr:
		if fn, ok := typeutil.Callee(t.info, e).(*types.Func); ok && fn.Pkg() != nil &&
			fn.Pkg().Path() == "net" && fn.Name() == "ResolveUnixAddr" && len(e.Args) == 2 {
			return e.Args[1]
		}
	}
	return nil
}

// endpointOf returns the endpoint held by e, a local variable or a type
// assertion of one (l.(*net.UnixListener)).
func (t *Tracker) endpointOf(e ast.Expr) (endpoint, bool) {
	e = ast.Unparen(e)
	if ta, ok := e.(*ast.TypeAssertExpr); ok {
		e = ast.Unparen(ta.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok || len(t.endpoints) == 0 {
		return endpoint{}, false
	}
	v, _ := t.info.Uses[id].(*types.Var)
	ep, ok := t.endpoints[v]
	return ep, ok
}

// closesEndpoint reports whether call closes an endpoint that unlinks the
// object's name: l.Close() on a listener bound at it.
func (t *Tracker) closesEndpoint(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Close" || len(call.Args) != 0 {
		return false
	}
	ep, ok := t.endpointOf(sel.X)
	return ok && ep.holds() == holdsItself
}

// keepsSocketFile clears unlinks on every endpoint when the function calls
// SetUnlinkOnClose on one: what it asks for is not worth following.
func (t *Tracker) keepsSocketFile(body *ast.BlockStmt) {
	if len(t.endpoints) == 0 {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetUnlinkOnClose" {
			if _, ok := t.endpointOf(sel.X); ok {
				for v, ep := range t.endpoints {
					ep.unlinks = false
					t.endpoints[v] = ep
				}
			}
		}
		return true
	})
}

// Binds reports whether the function binds a unix socket at the object's
// name or inside it.
func (t *Tracker) Binds() bool {
	if len(t.endpoints) > 0 {
		return true
	}
	found := false
	ast.Inspect(t.scopeNode(), func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			_, _, found = t.bindAt(call)
		}
		return !found
	})
	return found
}

// boundEndpoint is the endpoint made by the value of e: a bind call whose
// result is the socket (net.Listen("unix", name)), or a variable holding
// one.
func (t *Tracker) boundEndpoint(e ast.Expr) (endpoint, bool) {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		ep, sock, ok := t.bindAt(call)
		return ep, ok && sock == ast.Expr(call)
	}
	return t.endpointOf(e)
}

// endpointExpr reports whether e makes or holds an endpoint.
func (t *Tracker) endpointExpr(e ast.Expr) bool {
	_, ok := t.boundEndpoint(e)
	return ok
}

func (t *Tracker) addEndpoint(v *types.Var, ep endpoint) {
	if t.endpoints == nil {
		t.endpoints = make(map[*types.Var]endpoint)
	}
	t.endpoints[v] = ep
}

// A Listener is a unix listener bound at the object's name that unlinks
// it on Close: from its successful bind it owns the socket file at the
// name, whatever happened to the object before (net.Listen needs the
// name free, so the temp file was removed to make room). It is an
// obligation of its own: closed, returned or stored on every path.
type Listener struct {
	Stmt *ast.AssignStmt // l, err := net.Listen("unix", name)
	Call *ast.CallExpr
	Var  *types.Var // l
	Err  *types.Var // err, or nil
}

// UnlinkingListeners returns the listeners of the function bound at the
// object's name that unlink it on Close.
func (t *Tracker) UnlinkingListeners() []Listener {
	var ls []Listener
	ast.Inspect(t.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) > 2 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		if _, sock, ok := t.bindAt(call); !ok || sock != ast.Expr(call) {
			return true
		}
		v := t.lhsVar(as.Lhs[0])
		if ep, ok := t.endpoints[v]; !ok || ep.holds() != holdsItself {
			return true
		}
		l := Listener{Stmt: as, Call: call, Var: v}
		if len(as.Lhs) == 2 {
			l.Err = t.lhsVar(as.Lhs[1])
		}
		ls = append(ls, l)
		return true
	})
	return ls
}
