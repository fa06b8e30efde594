package imported

import (
	"os"

	fsm "github.com/tmplint/tmplint/shim/fsmode"
)

var _ = fsm.Create

func f(p string) {
	os.Create(p) // want `os.Create leaves the file mode implicit`
}
