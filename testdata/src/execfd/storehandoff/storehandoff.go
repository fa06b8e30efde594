// Package storehandoff starts children that it stores for an owner that
// waits for them (a field, a field slice, a package variable): a return
// between the Start and the store drops a child that nobody waits for.
package storehandoff

import (
	"bufio"
	"errors"
	"log"
	"os"
	"os/exec"
)

type keeper struct {
	cmd *exec.Cmd
}

// Close waits for the stored child: the field owns it.
func (k *keeper) Close() error {
	if k.cmd == nil {
		return nil
	}
	k.cmd.Process.Kill()
	return k.cmd.Wait()
}

// startBeforeRead returns when the child's first line cannot be read,
// before the child is stored.
func (k *keeper) startBeforeRead(path string) error {
	cmd := exec.Command(path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path: .*at this return, call cmd\.Process\.Kill then cmd\.Wait to stop it .*; the stores in field cmd of keeper leave the wait to its owner$`
		return err
	}
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		return err
	}
	k.cmd = cmd
	return nil
}

// storedBeforeRead stores the child before anything can fail: the owner
// waits for it on every path.
func (k *keeper) storedBeforeRead(path string) error {
	cmd := exec.Command(path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	k.cmd = cmd
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		return err
	}
	return nil
}

type pool struct {
	cmds []*exec.Cmd
}

// Close waits for every child the pool collected.
func (p *pool) Close() {
	for _, cmd := range p.cmds {
		cmd.Process.Kill()
		cmd.Wait()
	}
}

// addAfterCheck is vcweb's hg handler: the child is appended to the pool
// only when the handshake succeeds.
func (p *pool) addAfterCheck(path string, ok func() bool) error {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path: .*at this return, call cmd\.Process\.Kill then cmd\.Wait .*; the stores in field cmds of pool leave the wait to its owner$`
		return err
	}
	if !ok() {
		return errors.New("handshake failed")
	}
	p.cmds = append(p.cmds, cmd)
	return nil
}

// addAfterCheckStopped kills and waits for the child when the handshake
// fails.
func (p *pool) addAfterCheckStopped(path string, ok func() bool) error {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil {
		return err
	}
	if !ok() {
		cmd.Process.Kill()
		cmd.Wait()
		return errors.New("handshake failed")
	}
	p.cmds = append(p.cmds, cmd)
	return nil
}

// addLogged logs the command through a *log.Logger when the handshake
// fails, as vcweb's hg handler does: printing borrows it, and the child is
// still dropped.
func (p *pool) addLogged(path string, logger *log.Logger, ok func() bool) error {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path: .*; the stores in field cmds of pool leave the wait to its owner$`
		return err
	}
	if !ok() {
		logger.Printf("%v: handshake failed", cmd)
		return errors.New("handshake failed")
	}
	p.cmds = append(p.cmds, cmd)
	return nil
}

// addLoggedStopped logs the command and stops it.
func (p *pool) addLoggedStopped(path string, logger *log.Logger, ok func() bool) error {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil {
		return err
	}
	if !ok() {
		logger.Printf("%v: handshake failed", cmd)
		cmd.Process.Kill()
		cmd.Wait()
		return errors.New("handshake failed")
	}
	p.cmds = append(p.cmds, cmd)
	return nil
}

// addInLoop appends each child in the loop that starts it: a failed
// handshake drops the one just started.
func (p *pool) addInLoop(paths []string, ok func() bool) error {
	for _, path := range paths {
		cmd := exec.Command(path)
		if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path: `
			return err
		}
		if !ok() {
			return errors.New("handshake failed")
		}
		p.cmds = append(p.cmds, cmd)
	}
	return nil
}

type tracker struct {
	proc *os.Process
}

// Stop waits for the stored process.
func (r *tracker) Stop() {
	r.proc.Kill()
	r.proc.Wait()
}

// startProc stores only the child's Process, after a check that may fail.
func (r *tracker) startProc(path string, ok func() bool) error {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path: .*; the stores in field proc of tracker leave the wait to its owner$`
		return err
	}
	if !ok() {
		return errors.New("not ready")
	}
	r.proc = cmd.Process
	return nil
}

// startProcCleanup stops the child in a deferred cleanup unless it was
// stored.
func (r *tracker) startProcCleanup(path string, ok func() bool) (err error) {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil {
		return err
	}
	stored := false
	defer func() {
		if !stored {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	if !ok() {
		return errors.New("not ready")
	}
	r.proc = cmd.Process
	stored = true
	return nil
}

var current *exec.Cmd

// stopCurrent waits for the child kept in the package variable.
func stopCurrent() {
	if current != nil {
		current.Process.Kill()
		current.Wait()
		current = nil
	}
}

// restart keeps the new child in a package variable once it is ready.
func restart(path string, ok func() bool) error {
	stopCurrent()
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil { // want `^cmd\.Start succeeds but the child is not waited on some path: .*; the stores in package variable current leave the wait to its owner$`
		return err
	}
	if !ok() {
		return errors.New("not ready")
	}
	current = cmd
	return nil
}

// restartWaited waits for the child when it is not ready.
func restartWaited(path string, ok func() bool) error {
	stopCurrent()
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil {
		return err
	}
	if !ok() {
		cmd.Process.Kill()
		cmd.Wait()
		return errors.New("not ready")
	}
	current = cmd
	return nil
}

type unowned struct {
	child *exec.Cmd
}

// Stop only kills: nothing waits for the field, which is the field
// rule's finding at the store, and that alone.
func (u *unowned) Stop() { u.child.Process.Kill() }

func (u *unowned) start(path string, ok func() bool) error {
	cmd := exec.Command(path)
	if err := cmd.Start(); err != nil {
		return err
	}
	if !ok() {
		return errors.New("not ready")
	}
	u.child = cmd // want `field child of unowned holds the child started by cmd\.Start, but no function of the package waits for it`
	return nil
}
