//go:build unix

package session

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

var terminationSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// reraise restores the default action of sig and sends it to the process,
// so that it dies of the signal (its parent sees WIFSIGNALED).
func reraise(sig os.Signal) {
	signal.Reset(sig)
	syscall.Kill(os.Getpid(), sig.(syscall.Signal))
	time.Sleep(5 * time.Second)
	os.Exit(128 + int(sig.(syscall.Signal)))
}
