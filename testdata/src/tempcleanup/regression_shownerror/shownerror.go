// Package regression_shownerror holds temp directories whose path is
// returned in a field of an error value (restic's upgrade_repo.go:61):
// when the error type's Error says the path is kept for the user, the
// return shows it, as fmt.Errorf("backup kept in %s") does, and the hint
// must not remove it there (a removal deferred on the error result would);
// when Error names the path only as context, the return shows nothing.
package regression_shownerror

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

type upgradeError struct {
	Err            error
	BackupFilePath string
}

func (e *upgradeError) Error() string {
	return fmt.Sprintf("upgrade failed (%v), there is a backup of the config file in %v", e.Err, e.BackupFilePath)
}

type stepError struct {
	Err  error
	Path string
}

func (e stepError) Error() string {
	return fmt.Sprintf("step on %v: %v", e.Path, e.Err)
}

func load() ([]byte, error) { return nil, errors.New("backend down") }
func upgrade() error        { return errors.New("upload failed") }

// The backup named by the error is kept: remove the directory only at the
// exit before it is shown.
func upgradeKeepingBackup() error {
	tempdir, err := os.MkdirTemp("", "upgrade-") // want `temp directory tempdir from os.MkdirTemp is shown to the user but not removed on the return that leaks it, so it stays on disk there: remove it there only: call os.RemoveAll\(tempdir\) before each leaking exit that comes before it is shown to the user`
	if err != nil {
		return err
	}
	raw, err := load()
	if err != nil {
		return err
	}
	backup := filepath.Join(tempdir, "config")
	if err := os.WriteFile(backup, raw, 0o600); err != nil {
		os.RemoveAll(tempdir)
		return err
	}
	if err := upgrade(); err != nil {
		return &upgradeError{Err: err, BackupFilePath: backup}
	}
	return os.RemoveAll(tempdir)
}

// An error that names a path inside the directory as context shows
// nothing: a removal deferred on the error result is right.
func upgradeWithContext() error {
	tempdir, err := os.MkdirTemp("", "upgrade-") // want `temp directory tempdir from os.MkdirTemp is returned to the caller only as a path inside it but not removed on the 2 returns that leak it, so it stays on disk there: remove it there only: name the error result err and defer func\(\) { if err != nil { os.RemoveAll\(tempdir\) } }\(\) right after the error check`
	if err != nil {
		return err
	}
	raw, err := load()
	if err != nil {
		return err
	}
	backup := filepath.Join(tempdir, "config")
	if err := os.WriteFile(backup, raw, 0o600); err != nil {
		os.RemoveAll(tempdir)
		return err
	}
	if err := upgrade(); err != nil {
		return stepError{Err: err, Path: backup}
	}
	return os.RemoveAll(tempdir)
}

// The error value built in a local variable, its fields set on the way,
// then returned (restic's exact shape): the return shows the backup too.
// (The value built is named first: "stored for later".)
func upgradeBuildingError() error {
	tempdir, err := os.MkdirTemp("", "upgrade-") // want `temp directory tempdir from os.MkdirTemp is stored for later but not removed on the return that leaks it, so it stays on disk there: remove it there only: call os.RemoveAll\(tempdir\) before each leaking exit that comes before it is stored for later$`
	if err != nil {
		return err
	}
	raw, err := load()
	if err != nil {
		return err
	}
	backup := filepath.Join(tempdir, "config")
	if err := os.WriteFile(backup, raw, 0o600); err != nil {
		os.RemoveAll(tempdir)
		return err
	}
	if err := upgrade(); err != nil {
		repoError := &upgradeError{Err: err, BackupFilePath: backup}
		if err := upgrade(); err != nil {
			repoError.Err = errors.Join(repoError.Err, err)
		}
		return repoError
	}
	return os.RemoveAll(tempdir)
}

// The same with an error that names the path as context only: removing
// it on every error return is right.
func upgradeBuildingContext() error {
	tempdir, err := os.MkdirTemp("", "upgrade-") // want `remove it there only: name the error result err and defer func\(\) { if err != nil { os.RemoveAll\(tempdir\) } }\(\) right after the error check`
	if err != nil {
		return err
	}
	raw, err := load()
	if err != nil {
		return err
	}
	backup := filepath.Join(tempdir, "config")
	if err := os.WriteFile(backup, raw, 0o600); err != nil {
		os.RemoveAll(tempdir)
		return err
	}
	if err := upgrade(); err != nil {
		stepErr := &stepError{Err: err, Path: backup}
		return stepErr
	}
	return os.RemoveAll(tempdir)
}
