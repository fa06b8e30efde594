// Package cmdglobal: a command made straight into an unexported
// package-level variable and started there is the package's to wait for,
// as a reloader's restart does ("appCmd = exec.Command(bin)", started,
// killed by the next restart).
package cmdglobal

import (
	"os"
	"os/exec"
)

var appCmd *exec.Cmd

func restart(bin string) error {
	if appCmd != nil && appCmd.Process != nil {
		appCmd.Process.Kill() // Kill does not reap
	}
	appCmd = exec.Command(bin)
	appCmd.Stdout = os.Stdout
	return appCmd.Start() // want `package variable appCmd holds the child started by appCmd.Start, but no function of the package waits for it: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); wait for it \(appCmd.Wait\) in the function that stops it, after it is told to exit \(its input closed, or Kill\): Wait blocks while the child runs`
}

var (
	server    *exec.Cmd
	serverErr error
)

func startServer() {
	server = exec.Command("server")
	if serverErr = server.Start(); serverErr != nil { // want `package variable server holds the child started by server.Start`
		server = nil
	}
}

func stopServer() {
	if server != nil {
		server.Process.Signal(os.Interrupt)
	}
}

// Negative cases, beside the positive ones.

// Run in a goroutine waits for the child (gowatch's shape).
var runCmd *exec.Cmd

func startRun(bin string) {
	runCmd = exec.Command(bin)
	go func() {
		_ = runCmd.Run()
	}()
}

func killRun() {
	if runCmd != nil && runCmd.Process != nil {
		runCmd.Process.Kill()
	}
}

// Waited by the function that stops it.
var waitedCmd *exec.Cmd

func startWaited() error {
	waitedCmd = exec.Command("daemon")
	return waitedCmd.Start()
}

func stopWaited() error {
	waitedCmd.Process.Kill()
	return waitedCmd.Wait()
}

// Waited through a helper of the package that takes the command.
var helpedCmd *exec.Cmd

func startHelped() error {
	helpedCmd = exec.Command("daemon")
	if err := helpedCmd.Start(); err != nil {
		return err
	}
	go reap(helpedCmd)
	return nil
}

func reap(c *exec.Cmd) { c.Wait() }

// Its Process is waited: the child is reaped.
var procCmd *exec.Cmd

func startProc() error {
	procCmd = exec.Command("daemon")
	return procCmd.Start()
}

func stopProc() {
	procCmd.Process.Kill()
	procCmd.Process.Wait()
}

// A variable the package fills from elsewhere holds someone else's command.
var givenCmd *exec.Cmd

func setGiven(c *exec.Cmd) { givenCmd = c }

func startGiven() error { return givenCmd.Start() }

// Handed on: the caller gets the command.
var handedCmd *exec.Cmd

func startHanded() (*exec.Cmd, error) {
	handedCmd = exec.Command("daemon")
	if err := handedCmd.Start(); err != nil {
		return nil, err
	}
	return handedCmd, nil
}

// Its address handed on: whoever has it may wait.
var addrCmd *exec.Cmd

func startAddr() error {
	addrCmd = exec.Command("daemon")
	keep(&addrCmd)
	return addrCmd.Start()
}

var kept []**exec.Cmd

func keep(p **exec.Cmd) { kept = append(kept, p) }

// An exported variable is the importer's to wait for.
var Child *exec.Cmd

func StartChild() error {
	Child = exec.Command("daemon")
	return Child.Start()
}

// A local variable that shadows nothing global is the per-function
// rules' business (waited here).
func local() error {
	c := exec.Command("true")
	if err := c.Start(); err != nil {
		return err
	}
	return c.Wait()
}

// A started command's Process kept in a package-level variable by a
// restart, only signalled by the stop: a zombie per restart.
var appProcess *os.Process

func restartApp(bin string) error {
	if appProcess != nil {
		appProcess.Signal(os.Interrupt)
	}
	cmd := exec.Command(bin)
	cmd.Stdout = os.Stdout
	if err := cmd.Start(); err != nil {
		return err
	}
	appProcess = cmd.Process // want `package variable appProcess holds the child started by cmd.Start, but no function of the package waits for it: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); wait for it \(appProcess.Wait, or Release to detach it\) in the function that stops it, after it is told to exit \(its input closed, or Kill\): Wait blocks while the child runs`
	return nil
}

// The command itself kept, and collected in a slice, neither waited.
var (
	current *exec.Cmd
	workers []*exec.Cmd
)

func spawn(bin string) error {
	cmd := exec.Command(bin)
	if err := cmd.Start(); err != nil {
		return err
	}
	current = cmd // want `package variable current holds the child started by cmd.Start`
	return nil
}

func spawnWorker(bin string) error {
	cmd := exec.Command(bin)
	if err := cmd.Start(); err != nil {
		return err
	}
	workers = append(workers, cmd) // want `package variable workers collects the children started by cmd.Start, but no function of the package waits for them`
	return nil
}

func stopAll() {
	current.Process.Kill()
	for _, w := range workers {
		w.Process.Kill()
	}
}

// Negative: the Process kept is waited by the stop.
var reapedProcess *os.Process

func restartReaped(bin string) error {
	if reapedProcess != nil {
		reapedProcess.Kill()
		reapedProcess.Wait()
	}
	cmd := exec.Command(bin)
	if err := cmd.Start(); err != nil {
		return err
	}
	reapedProcess = cmd.Process
	return nil
}

// Negative: every worker kept is waited.
var pool []*exec.Cmd

func spawnPooled(bin string) error {
	cmd := exec.Command(bin)
	if err := cmd.Start(); err != nil {
		return err
	}
	pool = append(pool, cmd)
	return nil
}

func drain() {
	for _, c := range pool {
		c.Wait()
	}
	pool = nil
}

// Negative: an exported variable is the importer's to wait for.
var Current *os.Process

func StartCurrent(bin string) error {
	cmd := exec.Command(bin)
	if err := cmd.Start(); err != nil {
		return err
	}
	Current = cmd.Process
	return nil
}
