// Package windows holds children started only on Windows, which has no
// zombies.
package windows

import (
	"os/exec"
	"runtime"
)

func openURL(u string) error {
	if runtime.GOOS == "windows" {
		cmd := exec.Command("cmd", "/c", "start", u)
		return cmd.Start() // ok: Windows only
	}
	return exec.Command("xdg-open", u).Run()
}

func openSwitch(u string) error {
	switch runtime.GOOS {
	case "windows":
		return exec.Command("rundll32", "url.dll,FileProtocolHandler", u).Start() // ok: Windows only
	case "darwin":
		return exec.Command("open", u).Start() // want `the command started here is never kept`
	}
	return nil
}

func notWindows(u string) error {
	if runtime.GOOS != "windows" {
		cmd := exec.Command("xdg-open", u)
		return cmd.Start() // want `cmd.Start succeeds but the child is not waited`
	} else {
		return exec.Command("explorer", u).Start() // ok: Windows only
	}
}
