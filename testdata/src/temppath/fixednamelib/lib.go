// Package fixednamelib names a fixed path that another package creates.
package fixednamelib

import "os"

// ResolvConf is read by this package and written by fixedname.
var ResolvConf = "/tmp/resolv.conf" // want ResolvConf:`sharedVar\(predictable, var ResolvConf\)`

func Read() ([]byte, error) { return os.ReadFile(ResolvConf) }
