// Package regression_flagguard: a deferred removal guarded by a flag that
// the function sets only to constants runs at a return only where the
// path has set the flag to let it (rclone's config Save, audit31 S2).
package regression_flagguard

import (
	"fmt"
	"os"
)

// Save is rclone's fs/config/configfile Save: the return on a failed
// rename of the old config (not a missing one) leaves the empty
// placeholder marked kept. After the rename succeeds the name holds the
// old config: keeping it on the next failure is deliberate.
func Save(configDir, configPath, newPath string) error {
	fbackup, err := os.CreateTemp(configDir, "cfg.old") // want `temp file fbackup from os.CreateTemp is removed by a deferred call only when !keepBackup, and keepBackup is still true at this return, so it stays on disk: set keepBackup = false before returning here, or remove it here`
	if err != nil {
		return err
	}
	if err := fbackup.Close(); err != nil {
		return err
	}
	keepBackup := true
	defer func() {
		if !keepBackup {
			os.Remove(fbackup.Name())
		}
	}()
	if err = os.Rename(configPath, fbackup.Name()); err != nil {
		if !os.IsNotExist(err) {
			return fmt.Errorf("failed to move previous config to backup location: %w", err)
		}
		keepBackup = false
	}
	if err = os.Rename(newPath, configPath); err != nil {
		return fmt.Errorf("failed to move new config: %v", err)
	}
	keepBackup = false
	return nil
}

// Early: a return before the flag is cleared.
func Early(skip bool) error {
	f, err := os.CreateTemp("", "x") // want `temp file f from os.CreateTemp is removed by a deferred call only when !keep, and keep is still true at this return`
	if err != nil {
		return err
	}
	f.Close()
	keep := true
	defer func() {
		if !keep {
			os.Remove(f.Name())
		}
	}()
	if skip {
		return nil
	}
	keep = false
	return nil
}

// Negative: the user's option says keep: deliberate.
func Option(keep bool) error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	defer func() {
		if !keep {
			os.Remove(f.Name())
		}
	}()
	if keep {
		fmt.Println("kept")
		return nil
	}
	_, err = f.WriteString("x")
	return err
}

type options struct{ keep bool }

// Negative: a local copy of the option is no code-set flag.
func Copied(o options) error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	keep := o.keep
	defer func() {
		if !keep {
			os.Remove(f.Name())
		}
	}()
	if keep {
		return nil
	}
	_, err = f.WriteString("x")
	return err
}

// Negative: removed on failure, renamed into place on success.
func Publish(dst string) error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			os.Remove(f.Name())
		}
	}()
	if _, err := f.WriteString("x"); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), dst); err != nil {
		return err
	}
	done = true
	return nil
}

// Negative: every return clears the flag first.
func Cleared(skip bool) error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	f.Close()
	keep := true
	defer func() {
		if !keep {
			os.Remove(f.Name())
		}
	}()
	if skip {
		keep = false
		return nil
	}
	keep = false
	return nil
}

// Negative: once the old config is renamed over the placeholder, the name
// holds the user's config, which the failing return keeps on purpose.
func Backup(configDir, configPath, newPath string) error {
	fbackup, err := os.CreateTemp(configDir, "cfg.old")
	if err != nil {
		return err
	}
	fbackup.Close()
	keepBackup := true
	defer func() {
		if !keepBackup {
			os.Remove(fbackup.Name())
		}
	}()
	if err = os.Rename(configPath, fbackup.Name()); err != nil {
		keepBackup = false
		return err
	}
	if err = os.Rename(newPath, configPath); err != nil {
		return fmt.Errorf("failed to move new config: %v", err)
	}
	keepBackup = false
	return nil
}

// Negative: the flag is set to keep on the path, a decision the code made
// (the file is kept for inspection when the check fails).
func Decided() error {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return err
	}
	f.Close()
	keep := false
	defer func() {
		if !keep {
			os.Remove(f.Name())
		}
	}()
	b, err := os.ReadFile(f.Name())
	if err != nil {
		return err
	}
	if len(b) == 0 {
		keep = true
		return fmt.Errorf("empty output")
	}
	return nil
}
