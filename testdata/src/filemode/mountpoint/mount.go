// Package mountpoint: the mode of a mount point is hidden by what is
// mounted on it, and a file system without mode bits ignores the mode a
// creation asks for; neither is reported. The same modes where nothing is
// mounted are.
package mountpoint

import (
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"
)

func mountBoot(dev string) error {
	if err := os.MkdirAll("/tmp/boot", 0o777); err != nil {
		return err
	}
	if err := os.Chmod("/tmp/boot", 0o777); err != nil {
		return err
	}
	return syscall.Mount(dev, "/tmp/boot", "ext4", 0, "")
}

func efi(dev, dir string) error {
	if err := unix.Mount(dev, dir, "vfat", 0, "umask=0077"); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "loader.conf"), nil, 0o777)
}

// chmodAfter: the chmod after the mount changes the mounted root.
func chmodAfter(dev string) error {
	if err := syscall.Mount(dev, "/tmp/data", "ext4", 0, ""); err != nil {
		return err
	}
	return os.Chmod("/tmp/data", 0o777) // want `world-writable mode 0o777`
}

// ext4: a file system with mode bits keeps the file's mode.
func ext4(dev, dir string) error {
	if err := unix.Mount(dev, dir, "ext4", 0, ""); err != nil {
		return err
	}
	return os.Chmod(filepath.Join(dir, "data"), 0o777) // want `world-writable mode 0o777`
}

// notMounted: another path is mounted.
func notMounted(dev string) error {
	if err := os.Mkdir("/tmp/mnt", 0o777); err != nil { // want `os.Mkdir in shared temp dir with mode 0o777`
		return err
	}
	return syscall.Mount(dev, "/tmp/other", "ext4", 0, "")
}
