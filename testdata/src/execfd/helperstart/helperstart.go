// Package helperstart hands files to a child through a helper of the
// package that starts it (issue 25, shape 5: also through a function-typed
// field assigned once): the caller must close its copy after the call.
package helperstart

import (
	"io"
	"os"
	"os/exec"
)

// startOut starts a command writing to w.
func startOut(name string, w *os.File) (*exec.Cmd, error) {
	cmd := exec.Command(name)
	cmd.Stdout = w
	return cmd, cmd.Start()
}

// startExtra starts a command given the files.
func startExtra(name string, files []*os.File) (*exec.Cmd, error) {
	cmd := exec.Command(name)
	cmd.ExtraFiles = files
	return cmd, cmd.Start()
}

// configure only sets the file: the caller starts.
func configure(cmd *exec.Cmd, w *os.File) {
	cmd.Stdout = w
}

// startClosing starts, then closes the parent's copy itself.
func startClosing(name string, w *os.File) (*exec.Cmd, error) {
	cmd := exec.Command(name)
	cmd.Stdout = w
	err := cmd.Start()
	w.Close()
	return cmd, err
}

type env struct {
	newProc func(name string, files []*os.File) (*exec.Cmd, error)
}

func newEnv() *env { return &env{newProc: startExtra} }

// readOutput reads the pipe while it still holds the write end.
func readOutput(name string) ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd, err := startOut(name, w) // want `^the parent still holds w, the write end of the pipe handed to the child, when it reads r: .*close w right after startOut`
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(r)
	cmd.Wait()
	return b, err
}

// readOutputClosed closes the write end right after the helper.
func readOutputClosed(name string) ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd, err := startOut(name, w)
	w.Close()
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(r)
	cmd.Wait()
	return b, err
}

// throughField hands a file through the function-typed field and never
// closes it.
func (e *env) throughField(name, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	cmd, err := e.newProc(name, []*os.File{f}) // want `^f is handed to the child but the parent does not close it after e\.newProc on some path: the parent keeps its copy of the descriptor open; close f right after e\.newProc`
	if err != nil {
		return err
	}
	return cmd.Wait()
}

// helperCloses: the helper closes the parent's copy.
func helperCloses(name string) ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd, err := startClosing(name, w)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(r)
	cmd.Wait()
	return b, err
}

// configured: the start is the caller's own, judged as a Start.
func configured(name, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	cmd := exec.Command(name)
	configure(cmd, f)
	return cmd.Run()
}
