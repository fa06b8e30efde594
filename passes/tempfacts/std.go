package tempfacts

import (
	"go/types"
	"strings"

	"github.com/tmplint/tmplint/internal/pkgtypes"
)

// A Kind is the kind of a temp object.
type Kind int

const (
	File Kind = iota + 1 // an *os.File (its name is f.Name())
	Dir                  // a directory path
	Path                 // the path of a temp file
)

func (k Kind) String() string {
	switch k {
	case File:
		return "file"
	case Dir:
		return "dir"
	case Path:
		return "path"
	}
	return "?"
}

// stdCreator describes a standard function that creates a temp object.
type stdCreator struct {
	kind   Kind
	dirArg int // the argument naming the parent directory
}

// stdCreators are the standard temp-object creators, by package and name.
var stdCreators = map[[2]string]stdCreator{
	{"os", "CreateTemp"}:      {File, 0},
	{"os", "MkdirTemp"}:       {Dir, 0},
	{"io/ioutil", "TempFile"}: {File, 0},
	{"io/ioutil", "TempDir"}:  {Dir, 0},
}

// stdRemovers remove the path given as their first argument.
var stdRemovers = map[[2]string]bool{
	{"os", "Remove"}:                    true,
	{"os", "RemoveAll"}:                 true,
	{"syscall", "Unlink"}:               true,
	{"syscall", "Rmdir"}:                true,
	{"golang.org/x/sys/unix", "Unlink"}: true,
	{"golang.org/x/sys/unix", "Rmdir"}:  true,
}

// stdStorers keep the values passed to them: passing a temp object to one
// is a hand-off. Methods are written "Type.Method".
var stdStorers = map[[2]string]bool{
	{"sync", "Map.Store"}:                   true,
	{"sync", "Map.LoadOrStore"}:             true,
	{"sync", "Map.Swap"}:                    true,
	{"sync/atomic", "Value.Store"}:          true,
	{"sync/atomic", "Value.Swap"}:           true,
	{"sync/atomic", "Pointer.Store"}:        true,
	{"sync/atomic", "Pointer.Swap"}:         true,
	{"context", "WithValue"}:                true,
	{"container/list", "List.PushBack"}:     true,
	{"container/list", "List.PushFront"}:    true,
	{"container/list", "List.InsertAfter"}:  true,
	{"container/list", "List.InsertBefore"}: true,
	{"container/heap", "Push"}:              true,
	{"runtime", "SetFinalizer"}:             true,
	{"runtime", "AddCleanup"}:               true,
	// The environment is process-wide storage that every child started
	// afterwards inherits: naming a temp object there hands it to the code
	// or the child process that reads the variable (a daemonized copy of
	// the program that reads a key file and removes it) — unless the
	// function defers its own removal (envSetters).
	{"os", "Setenv"}:      true,
	{"syscall", "Setenv"}: true,
}

// envSetters name a value in the environment. A function that defers the
// removal of the object it names there (TestMain: defer os.RemoveAll(dir);
// os.Setenv("TMPDIR", dir)) keeps it: the variable only refers to it while
// the function owns it.
var envSetters = map[[2]string]bool{
	{"os", "Setenv"}:      true,
	{"syscall", "Setenv"}: true,
}

// stdPrinters show their arguments to the user: a temp object whose path is
// printed is deliberately left for the user ("saved crash report at ...").
var stdPrinters = map[[2]string]bool{
	{"fmt", "Print"}:          true,
	{"fmt", "Printf"}:         true,
	{"fmt", "Println"}:        true,
	{"fmt", "Fprint"}:         true,
	{"fmt", "Fprintf"}:        true,
	{"fmt", "Fprintln"}:       true,
	{"log", "Print"}:          true,
	{"log", "Printf"}:         true,
	{"log", "Println"}:        true,
	{"log", "Fatal"}:          true,
	{"log", "Fatalf"}:         true,
	{"log", "Fatalln"}:        true,
	{"log", "Logger.Print"}:   true,
	{"log", "Logger.Printf"}:  true,
	{"log", "Logger.Println"}: true,
	{"log", "Logger.Fatal"}:   true,
	{"log", "Logger.Fatalf"}:  true,
	{"log", "Logger.Fatalln"}: true,
}

// shimPrefix is the import path of tmplint's runtime shim: registering a
// temp object with it hands the object off.
const shimPrefix = "github.com/tmplint/tmplint/shim"

// SessionPath is the import path of the shim's session package, the
// signal-aware owner of a program's temp objects.
const SessionPath = shimPrefix + "/session"

// funcKey returns the table key of fn: its package path and its name, or
// "Type.Method" for a method.
func funcKey(fn *types.Func) [2]string {
	if fn.Pkg() == nil {
		return [2]string{}
	}
	name := fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		switch t := t.(type) {
		case *types.Named:
			name = t.Obj().Name() + "." + name
		case *types.Alias:
			name = t.Obj().Name() + "." + name
		default:
			name = "?." + name
		}
	}
	return [2]string{fn.Pkg().Path(), name}
}

// isStd reports whether the package path belongs to the standard library.
func isStd(path string) bool {
	return pkgtypes.IsStd(path)
}

// isShim reports whether the package path is the shim or one of its
// packages.
func isShim(path string) bool {
	return path == shimPrefix || strings.HasPrefix(path, shimPrefix+"/")
}

// isTestingCleanup reports whether fn is the Cleanup method of testing's
// T, B, F or TB.
func isTestingCleanup(fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg().Path() != "testing" || fn.Name() != "Cleanup" {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil
}

// isString reports whether t's underlying type is string.
func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// pathCarrier reports whether a parameter of type t can carry a temp
// object to a function: a string, an *os.File, an interface that an
// *os.File satisfies (io.Writer, io.Reader, not the empty interface), a
// function (a literal carries what it captures), or a slice of these (a
// variadic ...string). Only such parameters get borrows
// and takes facts; a temp object passed in any other way reaches code the
// analysis does not follow.
func pathCarrier(t types.Type) bool {
	if pkgtypes.OfTypeParam(t) {
		return false // unknown: the type an instantiation chooses
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
	}
	if isString(t) || pkgtypes.IsOSFile(t) {
		return true
	}
	if _, ok := t.Underlying().(*types.Signature); ok {
		return true // a function literal carries what it captures
	}
	it, ok := t.Underlying().(*types.Interface)
	if !ok || it.NumMethods() == 0 {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		if !osFileMethods[it.Method(i).Name()] {
			return false
		}
	}
	return true
}

// osFileMethods are the names of the methods of *os.File: an interface
// made of them (io.Reader, io.WriteCloser, interface{ Name() string }) can
// hold one. The names suffice to choose which parameters get facts.
var osFileMethods = map[string]bool{
	"Chdir": true, "Chmod": true, "Chown": true, "Close": true, "Fd": true,
	"Name": true, "Read": true, "ReadAt": true, "ReadDir": true, "ReadFrom": true,
	"Readdir": true, "Readdirnames": true, "Seek": true, "SetDeadline": true,
	"SetReadDeadline": true, "SetWriteDeadline": true, "Stat": true, "Sync": true,
	"SyscallConn": true, "Truncate": true, "Write": true, "WriteAt": true,
	"WriteString": true, "WriteTo": true,
}

// isCleanupFunc reports whether t is func().
func isCleanupFunc(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 0
}
