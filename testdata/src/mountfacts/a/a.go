package a // want package:"mounter"

// Package a mounts at its parameters, directly and through a helper.

import (
	"path/filepath"

	"golang.org/x/sys/unix"
)

// Mount mounts source at target.
func Mount(source, target, fstype string) error { // want Mount:"mountsAt.1."
	return unix.Mount(source, target, fstype, 0, "")
}

type Loop struct{ Dev string }

// Mount mounts the loop device at dir, through the package's Mount.
func (l *Loop) Mount(dir string, flags uintptr) error { // want Mount:"mountsAt.0."
	return Mount(l.Dev, dir, "squashfs")
}

// BindDev mounts under root: a path made from it.
func BindDev(root string) error { // want BindDev:"mountsAt.0."
	dev := filepath.Join(root, "dev")
	return unix.Mount("/dev", dev, "", 0x1000, "") // MS_BIND
}

// Source only: the parameter is what is mounted, not where.
func Source(src string) error {
	return unix.Mount(src, "/mnt", "ext4", 0, "")
}

// A MountPoint holds what it mounted, and unmounts it (u-root's
// mount.MountPoint).
type MountPoint struct{ Path, Device string }

// MountAt mounts dev at path and returns the mount point holding path.
func MountAt(dev, path string) (*MountPoint, error) { // want MountAt:"mountsAt.1."
	if err := unix.Mount(dev, path, "squashfs", 0, ""); err != nil {
		return nil, err
	}
	return &MountPoint{Path: path, Device: dev}, nil
}

// Unmount unmounts the receiver's path.
func (mp *MountPoint) Unmount(flags int) error { // want Unmount:"unmountsAt.recv.."
	return unix.Unmount(mp.Path, flags)
}

// Describe only reads the receiver.
func (mp *MountPoint) Describe() string { return mp.Path + " on " + mp.Device }

// Detach unmounts its parameter, through a helper.
func Detach(path string) error { // want Detach:"unmountsAt.0."
	return unmountLazy(path)
}

func unmountLazy(target string) error { // want unmountLazy:"unmountsAt.0."
	return unix.Unmount(target, unix.MNT_DETACH)
}

// MountPoint mounts the loop device at dir and returns the mount point.
func (l *Loop) MountPoint(dir string) (*MountPoint, error) { // want MountPoint:"mountsAt.0."
	return MountAt(l.Dev, dir)
}
