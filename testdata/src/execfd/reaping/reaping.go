// Package reaping: only Wait reaps a child. Kill and Signal end it but
// leave a zombie until Wait; Release is the explicit "detached on purpose".
package reaping

import (
	"errors"
	"os"
	"os/exec"
)

func killWithoutWait(fail bool) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path \(Process.Kill and Signal do not reap it\): once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\)`
		return err
	}
	if fail {
		cmd.Process.Kill()
		return errors.New("failed")
	}
	return cmd.Wait()
}

func killThenWait(fail bool) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok: killed, then reaped
		return err
	}
	if fail {
		cmd.Process.Kill()
		cmd.Wait()
		return errors.New("failed")
	}
	return cmd.Wait()
}

func signalWithoutWait() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path \(Process.Kill and Signal do not reap it\)`
		return err
	}
	return cmd.Process.Signal(os.Interrupt)
}

func deferredKillThenWait() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	return nil
}

func processWait() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok: Process.Wait reaps too
		return err
	}
	cmd.Process.Kill()
	_, err := cmd.Process.Wait()
	return err
}

// A detached child, released on purpose, with its own files.
func detachedReleased() error {
	cmd := exec.Command("daemon")
	if err := cmd.Start(); err != nil { // ok: released
		return err
	}
	return cmd.Process.Release()
}

// The "open a browser" idiom: nothing keeps the command, nothing waits.
func openBrowser(url string) error {
	return exec.Command("xdg-open", url).Start() // want `the command started here is never kept, so nothing can wait for it: once the child exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); keep the \*exec.Cmd and call Wait \(in a goroutine if the parent must not block\), or use Run`
}

func openBrowserWaited(url string) error {
	cmd := exec.Command("xdg-open", url)
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	go cmd.Wait()
	return nil
}

func openBrowserRun(url string) error {
	return exec.Command("xdg-open", url).Run() // ok: Run waits
}
