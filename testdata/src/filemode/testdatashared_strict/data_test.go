package testdatashared_strict

import (
	"os"
	"testing"
)

func TestReadable(t *testing.T) {
	os.WriteFile("/tmp/fixture.json", nil, 0o644) // want `makes the file readable by any local user`
	os.Create("/tmp/fixture.log")                 // want `creates the file with mode 0666 before umask`
	os.Mkdir("/tmp/fixture-dir", 0o755)           // want `makes the directory readable by any local user`
	os.Mkdir("/tmp/fixture-ro", 0o777&^0o022)     // want `makes the directory readable by any local user`
}

func TestWritable(t *testing.T) {
	os.WriteFile("/tmp/fixture.sh", nil, 0o666) // want `makes the file writable by any local user`
	os.Mkdir("/tmp/fixture-bin", 0o777)         // want `makes the directory writable by any local user`
	os.Mkdir("/tmp/fixture-grp", 0o775)         // want `makes the directory writable by its group`
	os.Mkdir("/tmp/fixture-list", 0o766)        // want `makes the directory readable by any local user`
}
