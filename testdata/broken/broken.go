// Package broken does not type-check: the command must say so, name the
// package and exit 2, not crash and not pass silently.
package broken

import "os"

func Broken() {
	os.Create(undefinedName)
}
