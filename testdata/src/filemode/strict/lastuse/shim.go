package lastuse

import "github.com/tmplint/tmplint/shim/fsmode"

var _ = fsmode.Create
