// Package chmod holds chmods of predictable names in shared temp that the
// code does not create itself (another program or a child does).
package chmod

import (
	"os"
	"os/exec"
	"path/filepath"
)

// qemu-img creates the disk when it is missing; the chmod then follows
// whatever is at the name (jollheef/appvm's generateVM).
func fakeDisk() (qcow2 string, err error) {
	qcow2 = "/tmp/.appvm.fake.qcow2"
	if _, err = os.Stat(qcow2); os.IsNotExist(err) {
		exec.Command("qemu-img", "create", "-f", "qcow2", qcow2, "512M").Run()
		err = os.Chmod(qcow2, 0o400) // want `os.Chmod at a predictable name in shared temp dir that this code does not create: another local user can create it first or plant a symlink`
		if err != nil {
			return
		}
	}
	return
}

// A variable declared without a value and assigned once before the use.
func declared(mode os.FileMode) error {
	var sock string
	sock = filepath.Join(os.TempDir(), "agent.sock")
	return os.Chmod(sock, mode) // want `os.Chmod at a predictable name in shared temp dir that this code does not create`
}

// The code creates the name itself: that creation is the finding.
func createdHere(data []byte) error {
	p := "/tmp/report.txt"
	if err := os.WriteFile(p, data, 0o600); err != nil { // want `os.WriteFile at a predictable name in shared temp dir`
		return err
	}
	return os.Chmod(p, 0o644) // ok: its creation is reported
}

// A name with a random part, or inside a private directory.
func private(dir string) error {
	d, err := os.MkdirTemp("", "x")
	if err != nil {
		return err
	}
	return os.Chmod(filepath.Join(d, "f"), 0o600) // ok: private
}

// The zero value is what a use before the assignment sees.
func beforeAssign() (p string) {
	os.Chmod(p, 0o600) // ok: the empty name
	p = "/tmp/late"
	return
}
