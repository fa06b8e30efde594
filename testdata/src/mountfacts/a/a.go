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
