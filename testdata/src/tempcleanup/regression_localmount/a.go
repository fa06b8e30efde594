// Package regression_localmount: u-root's pox mounts a squashfs image on
// its temp directory with a loop device's Mount, which returns a mount
// point holding the path; the mount point stays in a local variable that a
// defer unmounts. Nothing outlives the function: the directory was not
// "stored for later", and no path removes it, so the message says "not
// removed on any path". A mount point that leaves the function (returned,
// stored) still takes the path, and a temp dir removed on some path keeps
// "not removed on every path".
package regression_localmount

import (
	"os"
	"os/exec"

	"mountfacts/a"
)

var mounted []*a.MountPoint

// pox: the mount point is local and unmounted by a defer.
func pox(img string, args []string, zip bool) error {
	dir, err := os.MkdirTemp("", "pox") // want `temp directory dir from os.MkdirTemp is not removed on any path, so it stays on disk: remove it with os.RemoveAll only at the exits before the first mount under it; after that, only once what is mounted on dir is unmounted and the unmount's error checked, or with os.Remove, which fails rather than delete mounted files$`
	if err != nil {
		return err
	}
	if zip {
		if err := os.WriteFile(dir+"/x", nil, 0o600); err != nil {
			return err
		}
	} else {
		lo := &a.Loop{Dev: img}
		mountPoint, err := lo.MountPoint(dir)
		if err != nil {
			return err
		}
		defer mountPoint.Unmount(0)
	}
	return exec.Command(args[0], dir).Run()
}

// kept: the mount point is stored in a global: it takes the path, and
// the paths through it are handed off.
func kept(img string) error {
	dir, err := os.MkdirTemp("", "kept") // want `temp directory dir from os.MkdirTemp is stored for later but not removed on the return that leaks it`
	if err != nil {
		return err
	}
	if err := os.WriteFile(dir+"/x", nil, 0o600); err != nil {
		return err
	}
	mp, err := a.MountAt(img, dir)
	if err != nil {
		return err
	}
	mounted = append(mounted, mp)
	return nil
}

// described: the mount point is used for something other than its
// unmount (its method reads it): not known to end with the function.
func described(img string) (string, error) {
	dir, err := os.MkdirTemp("", "desc") // want `temp directory dir from os.MkdirTemp is stored for later but not removed on`
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(dir+"/x", nil, 0o600); err != nil {
		return "", err
	}
	mp, err := a.MountAt(img, dir)
	if err != nil {
		return "", err
	}
	defer mp.Unmount(0)
	return mp.Describe(), nil
}
