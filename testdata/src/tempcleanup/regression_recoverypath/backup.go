// Package regression_recoverypath: an error or a log line that gives the
// user a temp object's path to recover from (a backup) hands it to the
// user: removing it there would destroy the recovery. An error that only
// names the path as context does not.
package regression_recoverypath

import (
	"fmt"
	"log"
	"os"
)

func apply(string) error { return nil }

func upgrade(conf string) error {
	backup, err := os.MkdirTemp("", "backup-")
	if err != nil {
		return err
	}
	if err := apply(conf); err != nil {
		return fmt.Errorf("upgrade failed: the old configuration is kept in %s: %w", backup, err)
	}
	return os.RemoveAll(backup)
}

func upgradeLogged(conf string) error {
	backup, err := os.MkdirTemp("", "backup-")
	if err != nil {
		return err
	}
	if err := apply(conf); err != nil {
		log.Printf("restore from %s", backup)
		return err
	}
	return os.RemoveAll(backup)
}

func context(conf string) error {
	work, err := os.MkdirTemp("", "work-") // want `temp directory work from os.MkdirTemp is not removed on every path`
	if err != nil {
		return err
	}
	if err := apply(conf); err != nil {
		return fmt.Errorf("applying %s in %s: %w", conf, work, err)
	}
	return os.RemoveAll(work)
}
