// Package conf holds a configuration whose defaults other packages use.
package conf

import "os"

type Config struct {
	WorkDir string // want WorkDir:"sharedVar.predictable, field WorkDir, set."
	HomeDir string
	UserDir string
}

var Default Config

func init() {
	Default.WorkDir = "/tmp/worktmp/" // not created here: judged where it is
	Default.HomeDir = "/var/lib/app"
	Default.UserDir = "/tmp/u-" + os.Getenv("USER")
}
