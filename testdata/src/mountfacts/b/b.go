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
