package b // want package:"mounter"

// Package b mounts through package a: the facts cross packages.

import "mountfacts/a"

func Chroot(dir string) error { // want Chroot:"mountsAt.0."
	l := &a.Loop{Dev: "/dev/loop0"}
	return l.Mount(dir, 0)
}

// Neither: a's Source mounts elsewhere.
func Neither(img string) error {
	return a.Source(img)
}

// Release unmounts through a's method: the fact crosses packages.
func Release(mp *a.MountPoint) error { // want Release:"unmountsAt.0."
	return mp.Unmount(0)
}

// Describe unmounts nothing.
func Describe(mp *a.MountPoint) string { return mp.Describe() }
