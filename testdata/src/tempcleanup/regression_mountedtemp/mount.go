// Package regression_mountedtemp: a temp directory the function mounts a
// file system on (a partition to read boot entries from, a bind of /dev)
// must be unmounted before any removal, or RemoveAll deletes the mounted
// files: the hint says so and no fix removes it. A mount made by a helper
// (a loop device's Mount, a package's bind helper: facts of
// passes/mountfacts) counts. A temp dir nothing is mounted on gets the
// usual fix.
package regression_mountedtemp

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

	"mountfacts/a"
)

func check() error { return nil }

func bootEntries(dev string) ([]os.DirEntry, error) {
	dir, err := os.MkdirTemp("", "boot-") // want `temp directory dir from os.MkdirTemp is not removed on any path, so it stays on disk: remove it with os.RemoveAll only at the exits before the first mount under it; after that, only once what is mounted on dir is unmounted and the unmount's error checked, or with os.Remove, which fails rather than delete mounted files$`
	if err != nil {
		return nil, err
	}
	if err := syscall.Mount(dev, dir, "vfat", syscall.MS_RDONLY, ""); err != nil {
		return nil, err
	}
	return os.ReadDir(dir)
}

func bindDev() error {
	root, err := os.MkdirTemp("", "root-") // want `only once what is mounted on dev is unmounted and the unmount's error checked`
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

// u-root's pox: an image mounted by a loop device's helper, /dev bound
// under it with an unmount whose error is ignored, then a command run in
// it. Late errors come after the mounts: os.RemoveAll there would walk
// into /dev when an unmount failed. The command is run to completion, so
// its SysProcAttr hands the directory to no one: no path removes it.
func pox(img string, args []string) (err error) {
	dir, err := os.MkdirTemp("", "pox") // want `temp directory dir from os.MkdirTemp is not removed on any path, so it stays on disk: remove it with os.RemoveAll only at the exits before the first mount under it; after that, only once what is mounted on dir is unmounted`
	if err != nil {
		return err
	}
	lo := &a.Loop{Dev: img}
	if err := lo.Mount(dir, 0); err != nil {
		return err
	}
	if err := a.BindDev(dir); err != nil {
		return err
	}
	defer syscall.Unmount(filepath.Join(dir, "dev"), 0)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: dir}
	return cmd.Run()
}
