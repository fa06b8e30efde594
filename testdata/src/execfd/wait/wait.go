package wait

import (
	"errors"
	"os/exec"
	"sync"
)

func notWaitedOnError(fail bool) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); at this error return, call cmd.Process.Kill then cmd.Wait to stop it \(a plain Wait there blocks for as long as the child runs\)`
		return err
	}
	if fail {
		return errors.New("failed")
	}
	return cmd.Wait()
}

func neverWaited() {
	cmd := exec.Command("child")
	cmd.Start() // want `cmd.Start succeeds but the child is not waited on some path`
}

func waited() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok: the failure branch has no child
		return err
	}
	return cmd.Wait()
}

func deferredWait() error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	defer cmd.Wait()
	return nil
}

func killed(fail bool) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	if fail {
		cmd.Process.Kill()
		cmd.Wait()
		return errors.New("failed")
	}
	return cmd.Process.Release()
}

func waitedInGoroutine(wg *sync.WaitGroup) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		cmd.Wait()
	}()
	return nil
}

func returned() (*exec.Cmd, error) {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok: handed to the caller
		return nil, err
	}
	return cmd, nil
}

type server struct{ child *exec.Cmd }

// No function of the package waits for server.child (see owningfield for
// the full rule).
func (s *server) stored() error {
	cmd := exec.Command("child")
	s.child = cmd // want `field child of server holds the child started by cmd.Start, but no function of the package waits for it`
	return cmd.Start()
}

func passed(track func(*exec.Cmd)) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	track(cmd)
	return nil
}

func methodValue(run func(func() error)) error {
	cmd := exec.Command("child")
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	run(cmd.Wait)
	return nil
}

func field(s *server) error {
	if err := s.child.Start(); err != nil { // ok: not a local command
		return err
	}
	return nil
}

func inLoop(names []string) {
	for _, n := range names {
		cmd := exec.Command(n)
		cmd.Start() // want `cmd.Start succeeds but the child is not waited on some path`
	}
}

func run() error {
	return exec.Command("child").Run() // ok
}

// Starting a Cmd a second time fails: the second Start creates nothing
// (os/exec's TestStart_twice).
func startTwice() string {
	cmd := exec.Command("/bin/nonesuch")
	if err := cmd.Start(); err == nil {
		panic("started")
	}
	err := cmd.Start() // ok
	return err.Error()
}
