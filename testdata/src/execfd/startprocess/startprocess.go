// Package startprocess: a process started with os.StartProcess must be
// waited, released or handed on, on every path.
package startprocess

import (
	"errors"
	"os"
	"syscall"
)

func check() error { return errors.New("x") }

func neverWaited() error {
	p, err := os.StartProcess("/bin/true", []string{"true"}, &os.ProcAttr{}) // want `the child started by os.StartProcess is not waited on some path: once it exits it stays a zombie until the parent exits \(unless the process reaps every child itself\); on every path, call p.Wait, or go p.Wait\(\) if it must keep running, or Release if it is detached on purpose`
	if err != nil {
		return err
	}
	println(p.Pid)
	return nil
}

func earlyReturn() error {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{}) // want `the child started by os.StartProcess is not waited on some path`
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		p.Kill()
		return err
	}
	_, err = p.Wait()
	return err
}

func dropped() error {
	_, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{}) // want `the child started by os.StartProcess is dropped, so nothing can wait for it`
	return err
}

// Negative cases.

func waited() error {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{})
	if err != nil {
		return err
	}
	if err := check(); err != nil {
		p.Kill()
		p.Wait()
		return err
	}
	_, err = p.Wait()
	return err
}

func released() error {
	p, err := os.StartProcess("/bin/daemon", nil, &os.ProcAttr{})
	if err != nil {
		return err
	}
	return p.Release()
}

func returned() (*os.Process, error) {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{})
	if err != nil {
		return nil, err
	}
	return p, nil
}

type runner struct{ proc *os.Process }

func (r *runner) stored() error {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{})
	if err != nil {
		return err
	}
	r.proc = p
	return nil
}

func waitedInGoroutine() error {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{})
	if err != nil {
		return err
	}
	go func() { p.Wait() }()
	return nil
}

func deferredWait() error {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{})
	if err != nil {
		return err
	}
	defer p.Wait()
	return check()
}

// A process started only on failure of the start has no child.
func failedStart() {
	if _, err := os.StartProcess("/nonexistent", nil, &os.ProcAttr{}); err == nil {
		panic("started")
	}
}

// A raw fork is not an *os.Process: not this rule's.
func forkExec() (int, error) {
	return syscall.ForkExec("/bin/true", nil, &syscall.ProcAttr{})
}

// A pidfd asked for at the start is how the code reaps the child
// (waitid P_PIDFD): the holder of the pidfd waits.
func withPidFD() (int, error) {
	var pidfd int
	p, err := os.StartProcess("/proc/self/exe", nil, &os.ProcAttr{Sys: &syscall.SysProcAttr{PidFD: &pidfd}})
	if err != nil {
		return -1, err
	}
	_ = p.Pid
	return pidfd, nil
}

// The pid is returned: the caller may wait for it (wait4).
func pidReturned() (int, error) {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{})
	if err != nil {
		return -1, err
	}
	return p.Pid, nil
}

// The pid is only printed: nothing else can wait.
func pidPrinted() error {
	p, err := os.StartProcess("/bin/true", nil, &os.ProcAttr{}) // want `the child started by os.StartProcess is not waited on some path`
	if err != nil {
		return err
	}
	println("started", p.Pid)
	return nil
}
