// Package regression_mountedtemp: a temp directory the function mounts a
// file system on (a partition to read boot entries from, a bind of /dev)
// must be unmounted before any removal, or RemoveAll deletes the mounted
// files: the hint says so and no fix removes it. A temp dir nothing is
// mounted on gets the usual fix.
package regression_mountedtemp

import (
	"os"
	"path/filepath"
	"syscall"
)

func check() error { return nil }

func bootEntries(dev string) ([]os.DirEntry, error) {
	dir, err := os.MkdirTemp("", "boot-") // want `temp directory dir from os.MkdirTemp is not removed on every path, so it stays on disk: defer os.RemoveAll\(dir\) right after the error check, and unmount what this function mounts on dir before that removal runs \(syscall.Unmount\), or it deletes the mounted files$`
	if err != nil {
		return nil, err
	}
	if err := syscall.Mount(dev, dir, "vfat", syscall.MS_RDONLY, ""); err != nil {
		return nil, err
	}
	return os.ReadDir(dir)
}

func bindDev() error {
	root, err := os.MkdirTemp("", "root-") // want `unmount what this function mounts on dev before that removal runs`
	if err != nil {
		return err
	}
	dev := filepath.Join(root, "dev")
	if err := os.Mkdir(dev, 0o755); err != nil {
		return err
	}
	return syscall.Mount("/dev", dev, "", syscall.MS_BIND, "")
}

func plain() error {
	dir, err := os.MkdirTemp("", "work-") // want `defer os.RemoveAll\(dir\) right after the error check$`
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "x"), nil, 0o600)
}
