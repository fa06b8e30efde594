// Package borrowedcmd: a file the function created, handed to a command
// it did not make (a parameter, or one returned by a function value) and
// started here, is the function's to close after the start (issue 25,
// recall audit shape S16: chezmoi's external diff pager).
package borrowedcmd

import (
	"os"
	"os/exec"

	"execfd/borrowedcmdlib"
)

// diff: the pager is a parameter, started through a logging wrapper of
// another package; reader is never closed by the parent.
func diff(pager *exec.Cmd, diffCmd *exec.Cmd) error {
	reader, writer, err := os.Pipe()
	if err != nil {
		return err
	}
	defer func() { _ = writer.Close() }()
	pager.Stdin = reader
	if err := borrowedcmdlib.LogCmdStart(pager); err != nil { // want `reader is handed to the child but the parent does not close it after Start on some path: the parent keeps its copy of the descriptor open; close reader right after Start`
		return err
	}
	diffCmd.Stdout = writer
	diffErr := borrowedcmdlib.LogCmdRun(diffCmd)
	if err := writer.Close(); err != nil {
		return err
	}
	if err := pager.Wait(); err != nil {
		return err
	}
	return diffErr
}

// diffClosed: the same, reader closed right after the start.
func diffClosed(pager *exec.Cmd, diffCmd *exec.Cmd) error {
	reader, writer, err := os.Pipe()
	if err != nil {
		return err
	}
	defer func() { _ = writer.Close() }()
	pager.Stdin = reader
	if err := borrowedcmdlib.LogCmdStart(pager); err != nil {
		reader.Close()
		return err
	}
	reader.Close()
	diffCmd.Stdout = writer
	diffErr := borrowedcmdlib.LogCmdRun(diffCmd)
	if err := writer.Close(); err != nil {
		return err
	}
	if err := pager.Wait(); err != nil {
		return err
	}
	return diffErr
}

// direct: the parameter started here with Start; the log file is never
// closed.
func direct(cmd *exec.Cmd, name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	cmd.Stdout = f
	if err := cmd.Start(); err != nil { // want `f is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	return cmd.Wait()
}

// directDeferred: the log file closed by a deferred Close.
func directDeferred(cmd *exec.Cmd, name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	cmd.Stdout = f
	return cmd.Run()
}

// notStarted: the parameter is given the file but started by the caller,
// to whom the file is handed too (returned): no start here, nothing to
// close here.
func notStarted(cmd *exec.Cmd, name string) (*os.File, error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	cmd.Stdout = f
	return f, nil
}

// startedNotWaited: the parameter's child is left for the caller to wait
// for (no unwaited-child report), but the file is closed after the start:
// nothing to report.
func startedNotWaited(cmd *exec.Cmd, name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	cmd.Stdout = f
	err = cmd.Start()
	f.Close()
	return err
}

// A DiffSystem makes its pager with a function-typed field.
type DiffSystem struct {
	pagerCmdFunc func() (*exec.Cmd, error)
}

// fromFuncValue: the pager comes from the field, as in chezmoi; reader
// is never closed by the parent.
func (s *DiffSystem) fromFuncValue(diffCmd *exec.Cmd) error {
	pager, err := s.pagerCmdFunc()
	if err != nil {
		return err
	}
	reader, writer, err := os.Pipe()
	if err != nil {
		return err
	}
	defer func() { _ = writer.Close() }()
	pager.Stdin = reader
	if err := borrowedcmdlib.LogCmdStart(pager); err != nil { // want `reader is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	diffCmd.Stdout = writer
	diffErr := borrowedcmdlib.LogCmdRun(diffCmd)
	if err := writer.Close(); err != nil {
		return err
	}
	if err := pager.Wait(); err != nil {
		return err
	}
	return diffErr
}

// fromFuncValueClosed: the same, reader closed in a deferred call
// registered before the start.
func (s *DiffSystem) fromFuncValueClosed(diffCmd *exec.Cmd) error {
	pager, err := s.pagerCmdFunc()
	if err != nil {
		return err
	}
	reader, writer, err := os.Pipe()
	if err != nil {
		return err
	}
	defer reader.Close()
	defer func() { _ = writer.Close() }()
	pager.Stdin = reader
	if err := borrowedcmdlib.LogCmdStart(pager); err != nil {
		return err
	}
	diffCmd.Stdout = writer
	diffErr := borrowedcmdlib.LogCmdRun(diffCmd)
	if err := writer.Close(); err != nil {
		return err
	}
	if err := pager.Wait(); err != nil {
		return err
	}
	return diffErr
}

// fromFuncValueUnwaited: the pager from the field is never waited here;
// whether it should be is not this rule's business (it may be handed
// back), and the file is closed: nothing to report.
func (s *DiffSystem) fromFuncValueUnwaited() error {
	pager, err := s.pagerCmdFunc()
	if err != nil {
		return err
	}
	f, err := os.Open(os.DevNull)
	if err != nil {
		return err
	}
	pager.Stdin = f
	err = pager.Start()
	f.Close()
	return err
}

// paramReassigned: the parameter is replaced by a command made here,
// which is followed as before (here: the file is closed).
func paramReassigned(cmd *exec.Cmd, name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	cmd = exec.Command("true")
	cmd.Stdout = f
	return cmd.Run()
}

// startKept: the command made here is started by a function that keeps
// it (the duty to wait is handed on), but reader is still this
// function's: never closed.
func startKept(diffCmd *exec.Cmd) error {
	reader, writer, err := os.Pipe()
	if err != nil {
		return err
	}
	defer writer.Close()
	pager := exec.Command("less")
	pager.Stdin = reader
	if err := borrowedcmdlib.LogCmdStartRecord(pager); err != nil { // want `reader is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	diffCmd.Stdout = writer
	return diffCmd.Run()
}

// startKeptClosed: the same, reader closed right after the start.
func startKeptClosed(diffCmd *exec.Cmd) error {
	reader, writer, err := os.Pipe()
	if err != nil {
		return err
	}
	defer writer.Close()
	pager := exec.Command("less")
	pager.Stdin = reader
	err = borrowedcmdlib.LogCmdStartRecord(pager)
	reader.Close()
	if err != nil {
		return err
	}
	diffCmd.Stdout = writer
	return diffCmd.Run()
}

// startKeptParam: a parameter started by the function that keeps it,
// reader never closed.
func startKeptParam(pager, diffCmd *exec.Cmd) error {
	reader, writer, err := os.Pipe()
	if err != nil {
		return err
	}
	defer writer.Close()
	pager.Stdin = reader
	if err := borrowedcmdlib.LogCmdStartRecord(pager); err != nil { // want `reader is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	diffCmd.Stdout = writer
	return diffCmd.Run()
}
