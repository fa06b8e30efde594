// Package reaperlib runs the process's reaper for its callers.
package reaperlib

import "golang.org/x/sys/unix"

// Reap waits for every child of the process.
func Reap() { // want Reap:"reapsAll"
	for {
		var ws unix.WaitStatus
		if pid, err := unix.Wait4(-1, &ws, 0, nil); err != nil || pid <= 0 {
			return
		}
	}
}

// Start runs the loop through a function of the package, as containerd's
// reaper.Reap calls reap.
func Start() { // want Start:"reapsAll"
	go reapLoop()
}

func reapLoop() {
	for {
		var ws unix.WaitStatus
		if pid, err := unix.Wait4(-1, &ws, 0, nil); err != nil || pid <= 0 {
			return
		}
	}
}
