//go:build !unix

package session

import (
	"os"
	"os/signal"
)

var terminationSignals = []os.Signal{os.Interrupt}

// reraise exits as an interrupted process would: a signal cannot be raised
// again here.
func reraise(sig os.Signal) {
	signal.Reset(sig)
	os.Exit(2)
}
