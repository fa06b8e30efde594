// Package starters: a process started through a function value, known by
// its type (it returns an *os.Process) or by the one value it holds
// (os.StartProcess), is given the files of its []*os.File or
// *os.ProcAttr parameter: the parent must close its copies.
package starters

import "os"

type env struct {
	newProc func(name string, args []string, files []*os.File, environ []string) (*os.Process, error)
}

// keptWriteEnd reads the pipe while it still holds the child's end.
func (e *env) keptWriteEnd() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	p, err := e.newProc("child", nil, []*os.File{nil, w, nil}, nil) // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r: .*close w right after e.newProc`
	if err != nil {
		return err
	}
	buf := make([]byte, 10)
	r.Read(buf)
	_, err = p.Wait()
	return err
}

// closedWriteEnd closes its copy once the child has it.
func (e *env) closedWriteEnd() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	p, err := e.newProc("child", nil, []*os.File{nil, w, nil}, nil) // ok
	w.Close()
	if err != nil {
		return err
	}
	buf := make([]byte, 10)
	r.Read(buf)
	_, err = p.Wait()
	return err
}

var startProcess = os.StartProcess

// throughVariable starts through a variable that holds os.StartProcess.
func throughVariable() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	p, err := startProcess("/bin/child", nil, &os.ProcAttr{Files: []*os.File{nil, w, nil}}) // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r: .*close w right after startProcess`
	if err != nil {
		return err
	}
	buf := make([]byte, 10)
	r.Read(buf)
	_, err = p.Wait()
	return err
}

// notAStarter returns no process: its files are not a child's.
type notAStarter struct {
	send func(files []*os.File) error
}

func (n *notAStarter) sendFiles() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	defer w.Close()
	if err := n.send([]*os.File{w}); err != nil { // ok: not a start
		return err
	}
	buf := make([]byte, 10)
	_, err = r.Read(buf)
	return err
}
