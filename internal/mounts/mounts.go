// Package mounts finds the file systems a function mounts: the calls of
// syscall.Mount and golang.org/x/sys/unix.Mount, with their target and
// file-system type. A path with a file system mounted on it is not what
// its name suggests: a fresh tmpfs on /tmp is private to the code that
// mounted it (PID 1 at boot), the mode of a mount point is hidden by the
// root of what is mounted over it, a vfat keeps no mode bits, and
// RemoveAll of a mount point deletes the mounted files.
package mounts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// A Mount is one call of Mount(source, target, fstype, flags, data).
type Mount struct {
	Call   *ast.CallExpr
	Target ast.Expr
	FSType string // the constant file-system type, or ""
}

// In returns the Mount calls in the body, outside nested function
// literals, in source order.
func In(info *types.Info, body ast.Node) []Mount {
	if body == nil {
		return nil
	}
	var ms []Mount
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if m, ok := Match(info, n); ok {
				ms = append(ms, m)
			}
		}
		return true
	})
	return ms
}

// Match reports whether the call is syscall.Mount or unix.Mount.
func Match(info *types.Info, call *ast.CallExpr) (Mount, bool) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Name() != "Mount" || len(call.Args) != 5 {
		return Mount{}, false
	}
	if p := fn.Pkg().Path(); p != "syscall" && p != "golang.org/x/sys/unix" {
		return Mount{}, false
	}
	m := Mount{Call: call, Target: call.Args[1]}
	m.FSType, _ = String(info, call.Args[2])
	return m, true
}

// String returns the value of a constant string expression.
func String(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// Before returns the mounts of ms that come before pos.
func Before(ms []Mount, pos token.Pos) []Mount {
	var out []Mount
	for _, m := range ms {
		if m.Call.End() <= pos {
			out = append(out, m)
		}
	}
	return out
}

// After returns the mounts of ms that come after pos.
func After(ms []Mount, pos token.Pos) []Mount {
	var out []Mount
	for _, m := range ms {
		if m.Call.Pos() >= pos {
			out = append(out, m)
		}
	}
	return out
}

// NoModeBits reports whether a file system of the type keeps no Unix
// mode bits of its own: the mount options decide every file's mode.
func NoModeBits(fstype string) bool {
	switch fstype {
	case "vfat", "msdos", "fat", "exfat", "ntfs", "ntfs3", "iso9660", "udf":
		return true
	}
	return false
}

// FreshTmpfs reports whether the body mounts a tmpfs, before pos, on the
// shared temp root (/tmp, /var/tmp, /dev/shm) that holds topDir, the top
// directory of a path created at pos ("/tmp/x" for "/tmp/x/y"): a fresh
// tmpfs holds nothing another user could have planted.
func FreshTmpfs(info *types.Info, body ast.Node, topDir string, pos token.Pos) bool {
	if body == nil || !strings.HasPrefix(topDir, "/") {
		return false // $TMPDIR: not a mount target the code names
	}
	root := topDir[:strings.LastIndex(topDir, "/")]
	for _, m := range Before(In(info, body), pos) {
		target, ok := String(info, m.Target)
		if ok && m.FSType == "tmpfs" && path.Clean(target) == root {
			return true
		}
	}
	return false
}

// MatchUnmount reports whether the call is syscall.Unmount or unix.Unmount,
// and returns its target.
func MatchUnmount(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Name() != "Unmount" || len(call.Args) != 2 {
		return nil, false
	}
	if p := fn.Pkg().Path(); p != "syscall" && p != "golang.org/x/sys/unix" {
		return nil, false
	}
	return call.Args[0], true
}
