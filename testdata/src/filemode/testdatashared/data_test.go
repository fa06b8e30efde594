package testdatashared

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReadable(t *testing.T) {
	os.WriteFile("/tmp/fixture.json", nil, 0o644) // test data other users may read: strict only
	os.Create("/tmp/fixture.log")                 // 0666 before umask, readable: strict only
	os.Mkdir("/tmp/fixture-dir", 0o755)           // listable: strict only
	os.Mkdir("/tmp/fixture-ro", 0o777&^0o022)     // the same mode, computed
}

// A mode that lets others write into the object is reported, when the
// name is not temppath's finding (here the caller chooses it).
func writable(name string) {
	dir := os.TempDir()
	os.WriteFile(filepath.Join(dir, name+".sh"), nil, 0o666)                             // want `makes the file writable by any local user`
	os.Mkdir(filepath.Join(dir, name+"-bin"), 0o777)                                     // want `makes the directory writable by any local user`
	os.Mkdir(filepath.Join(dir, name+"-grp"), 0o775)                                     // want `makes the directory writable by its group`
	os.Mkdir(filepath.Join(dir, name+"-list"), 0o766)                                    // write without search writes nothing: strict only
	os.OpenFile("/tmp/fixture.excl", os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)             // want `makes the file writable by any local user`
	os.OpenFile(filepath.Join(dir, name), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)       // readable only: strict only
	os.OpenFile(filepath.Join(dir, name+".rw"), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o664) // want `makes the file writable by its group`
}

func TestWritable(t *testing.T) {
	writable(t.Name())
}

// At a predictable name temppath reports the creation, and its fix
// (os.CreateTemp, os.MkdirTemp) makes the object private: the mode is
// folded into that finding (strict only here), writable or not.
func TestWritableFixedName(t *testing.T) {
	os.WriteFile("/tmp/fixture.sh", nil, 0o666) // strict only: temppath's finding
	os.Mkdir("/tmp/fixture-bin", 0o777)         // strict only: temppath's finding
	os.MkdirAll("/tmp/fixture-grp/sub", 0o775)  // strict only: temppath's finding
}
