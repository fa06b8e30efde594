// Package regression_runningchild: git-lfs's lfstest-count-tests starts a
// test server and returns success with it running ("we can abandon this
// process once it has started"). A plain Wait at that return would block
// for as long as the server runs: the hint offers go cmd.Wait() or Kill
// then Wait. At an error return the child is not meant to run on, and a
// plain Wait stays among the options.
package regression_runningchild

import (
	"errors"
	"os"
	"os/exec"
)

func callWithCount(fn func(n int) (int, error)) error {
	_, err := fn(0)
	return err
}

func increment() error {
	return callWithCount(func(n int) (int, error) {
		if n > 0 {
			return n + 1, nil
		}
		log, err := os.Create("gitserver.log")
		if err != nil {
			return n, err
		}
		cmd := exec.Command("lfstest-gitserver")
		cmd.Stdout = log
		cmd.Stderr = log
		if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); on every path, call go cmd.Wait\(\) if it must keep running \(a plain Wait at this return blocks for as long as the child runs\), or cmd.Process.Kill then cmd.Wait to stop it$` `log is handed to the child`
			return n, err
		}
		return 1, nil
	})
}

// startDaemon has no error result: the child runs on after it returns.
func startDaemon() {
	cmd := exec.Command("daemon")
	if err := cmd.Start(); err != nil { // want `on every path, call go cmd.Wait\(\) if it must keep running \(a plain Wait at this return blocks`
		return
	}
}

func check() error { return errors.New("bad") }

// failed: the leaking return reports an error, giving up on a child that
// may still run: the hint stops it there (a plain Wait could block).
func failed() error {
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil { // want `at this error return, call cmd.Process.Kill then cmd.Wait to stop it \(a plain Wait there blocks for as long as the child runs\)$`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

// failedOrLeft: the error return gives up on the child, and the success
// return leaves it running too, with a hint of its own: what to do on the
// other paths is said.
func failedOrLeft(bg bool) error {
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil { // want `at this error return, call cmd.Process.Kill then cmd.Wait to stop it \(a plain Wait there blocks for as long as the child runs\); on the other paths that leave it unwaited, cmd.Wait once done with it, or go cmd.Wait\(\) if it must keep running$`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	if bg {
		return nil
	}
	return cmd.Wait()
}

// spawn returns Start's own error: where the child exists, Start
// succeeded and the return reports success. The child is meant to run on,
// and the hint does not stop it at that return.
func spawn(f *os.File) error {
	cmd := exec.Command("child")
	cmd.ExtraFiles = []*os.File{f}
	return cmd.Start() // want `cmd.Start succeeds but the child is not waited on some path: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); on every path, call go cmd.Wait\(\) if it must keep running \(a plain Wait at this return blocks for as long as the child runs\), or cmd.Process.Kill then cmd.Wait to stop it \(kill only where Start succeeded: if cmd.Process != nil\)$`
}

// spawnLogged keeps Start's error and returns it unchanged.
func spawnLogged(logf func(string, ...any)) error {
	cmd := exec.Command("child")
	err := cmd.Start() // want `on every path, call go cmd.Wait\(\) if it must keep running \(a plain Wait at this return blocks`
	logf("started: %v", err)
	return err
}

// spawnChecked returns another error after Start: that return gives up
// on a started child, and the hint stops it there.
func spawnChecked() error {
	cmd := exec.Command("child")
	err := cmd.Start() // want `at this error return, call cmd.Process.Kill then cmd.Wait to stop it`
	if err == nil {
		err = check()
	}
	return err
}

// daemonize sets the standard streams to nil (the null device): no pipe
// is made, and the message says nothing of pipes.
func daemonize() error {
	cmd := exec.Command("daemon")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, nil
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); on every path`
		return err
	}
	return nil
}
