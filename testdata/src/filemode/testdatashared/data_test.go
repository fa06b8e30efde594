package testdatashared

import (
	"os"
	"testing"
)

func TestReadable(t *testing.T) {
	os.WriteFile("/tmp/fixture.json", nil, 0o644) // test data other users may read: strict only
	os.Create("/tmp/fixture.log")                 // 0666 before umask, readable: strict only
	os.Mkdir("/tmp/fixture-dir", 0o755)           // listable: strict only
	os.Mkdir("/tmp/fixture-ro", 0o777&^0o022)     // the same mode, computed
}

func TestWritable(t *testing.T) {
	os.WriteFile("/tmp/fixture.sh", nil, 0o666) // want `makes the file writable by any local user`
	os.Mkdir("/tmp/fixture-bin", 0o777)         // want `makes the directory writable by any local user`
	os.Mkdir("/tmp/fixture-grp", 0o775)         // want `makes the directory writable by its group`
	os.Mkdir("/tmp/fixture-list", 0o766)        // write without search writes nothing: strict only
}
