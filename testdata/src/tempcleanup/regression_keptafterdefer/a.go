// Package regression_keptafterdefer: containers/storage's supportsOverlay
// registers a deferred unmount and removal of its temp directory, then
// hands paths inside it to a function that keeps them. Only the returns
// before the defer leak it; a use after the defer is not "still in use
// when the function returns": the defer removes it at every return. A use
// before the defer, or a defer that removes it only on failure, keeps the
// claim.
package regression_keptafterdefer

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

var made []string

// mkdirAs keeps the path it makes (a path inside the temp directory keeps
// the directory in use).
func mkdirAs(path string) error {
	made = append(made, path)
	return os.Mkdir(path, 0o700)
}

func supportsDType(dir string) (bool, error) { return true, nil }

// supportsOverlay: two returns before the defer leak the directory; the
// uses after the defer do not keep it past the function.
func supportsOverlay(home string) (bool, error) {
	layerDir, err := os.MkdirTemp(home, "compat") // want `temp directory layerDir from os.MkdirTemp is not removed on every path, so it stays on disk: remove it with os.RemoveAll only at the exits before the first mount under it; after that, only once what is mounted on mergedDir is unmounted and the unmount's error checked, or with os.Remove, which fails rather than delete mounted files$`
	if err != nil {
		return false, err
	}
	ok, err := supportsDType(layerDir)
	if err != nil {
		return false, err
	}
	if !ok {
		return false, errors.New("no d_type")
	}
	mergedDir := filepath.Join(layerDir, "merged")
	defer func() {
		_ = syscall.Unmount(mergedDir, syscall.MNT_DETACH)
		_ = os.RemoveAll(layerDir)
	}()
	_ = mkdirAs(mergedDir)
	if err := syscall.Mount("overlay", mergedDir, "overlay", 0, ""); err != nil {
		return false, err
	}
	return true, nil
}

// keptBefore: the use comes before the defer, on a path that returns
// without it: still in use there.
func keptBefore(home string, fail bool) (bool, error) {
	layerDir, err := os.MkdirTemp(home, "compat") // want `temp directory layerDir from os.MkdirTemp is still in use when the function returns but not removed on the return that leaks it`
	if err != nil {
		return false, err
	}
	mergedDir := filepath.Join(layerDir, "merged")
	_ = mkdirAs(mergedDir)
	if fail {
		return false, errors.New("failed")
	}
	defer os.RemoveAll(layerDir)
	return true, nil
}

// removedOnFailure: the deferred removal runs only when the function
// fails: the successful return is reported as the one it skips.
func removedOnFailure(home string, fail bool) (ok bool, err error) {
	layerDir, err := os.MkdirTemp(home, "compat") // want `temp directory layerDir from os.MkdirTemp is removed by a deferred call only when its error variable is set, and this return leaves that variable nil`
	if err != nil {
		return false, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(layerDir)
		}
	}()
	_ = mkdirAs(filepath.Join(layerDir, "merged"))
	return true, nil
}
