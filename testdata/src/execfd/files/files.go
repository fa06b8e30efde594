package files

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// The classic deadlock: the parent reads r while it still holds w.
func readsBeforeClose() ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	defer w.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r: the reader of r never sees EOF and blocks forever \(a deferred Close runs too late\); close w right after Start`
		return nil, err
	}
	out, _ := io.ReadAll(r)
	return out, cmd.Wait()
}

// The same with the error checked on the next line, and a scanner.
func scans() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stderr = w
	err = cmd.Start() // want `the parent still holds w`
	if err != nil {
		return err
	}
	s := bufio.NewScanner(r)
	for s.Scan() {
		fmt.Println(s.Text())
	}
	w.Close()
	return cmd.Wait()
}

// Correct: closed right after a successful Start.
func closedAfterStart() ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // ok
		w.Close()
		return nil, err
	}
	w.Close()
	out, _ := io.ReadAll(r)
	return out, cmd.Wait()
}

// Not closed on one path: the reader of r, returned to the caller, never
// sees EOF.
func returnsReader(verbose bool) (io.Reader, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("child")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil { // want `w is handed to the child but the parent does not close it after Start on some path: the reader of r never sees EOF while the parent keeps its copy; close w right after Start`
		return nil, err
	}
	go cmd.Wait()
	if verbose {
		return r, nil
	}
	w.Close()
	return r, nil
}

// An opened file given as stdin and never closed after Run.
func stdinFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stdin = f
	return cmd.Run() // want `f is handed to the child but the parent does not close it after Run on some path: the parent keeps its copy of the descriptor open; close f right after Run`
}

// Run with a file closed by a defer registered before: fine.
func deferredBeforeRun(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	cmd := exec.Command("child")
	cmd.Stdout = f
	cmd.Stderr = f
	return cmd.Run() // ok
}

// Run with buffers: nothing handed.
func buffers() (string, error) {
	var out strings.Builder
	cmd := exec.Command("child")
	cmd.Stdout = &out
	err := cmd.Run() // ok
	return out.String(), err
}

// StdoutPipe: os/exec closes the parent's copy of the write end itself.
func stdoutPipe() ([]byte, error) {
	cmd := exec.Command("child")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil { // ok
		return nil, err
	}
	b, _ := io.ReadAll(out)
	return b, cmd.Wait()
}

// The read happens in a goroutine and w is closed right after Start.
func goroutineReads(dst io.Writer) error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	w.Close()
	done := make(chan error)
	go func() {
		_, err := io.Copy(dst, r)
		done <- err
	}()
	if err := cmd.Wait(); err != nil {
		return err
	}
	return <-done
}

// A file the function did not create is the caller's.
func notOurs(f *os.File) error {
	cmd := exec.Command("child")
	cmd.ExtraFiles = []*os.File{f}
	return cmd.Run() // ok
}

// Handed off to a function that takes the *os.File: someone else closes it.
func handedOff(keep func(*os.File)) error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stdin = r
	if err := cmd.Start(); err != nil { // ok
		return err
	}
	keep(r)
	fmt.Fprintln(w, "input")
	w.Close()
	return cmd.Wait()
}

// Writing to the file with fmt does not hand it off.
func writesOnly(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	cmd := exec.Command("child")
	cmd.Stdout = f
	if err := cmd.Start(); err != nil { // want `f is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	fmt.Fprintln(f, "started")
	return cmd.Wait()
}

// os.StartProcess with ProcAttr.Files.
func startProcess() (*os.Process, []byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	p, err := os.StartProcess("/bin/child", []string{"child"}, &os.ProcAttr{Files: []*os.File{nil, w, w}}) // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r`
	if err != nil {
		return nil, nil, err
	}
	out, _ := io.ReadAll(r)
	w.Close()
	return p, out, nil
}

func startProcessClosed() (*os.Process, []byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	attr := &os.ProcAttr{Files: []*os.File{nil, w, w}}
	p, err := os.StartProcess("/bin/child", []string{"child"}, attr) // ok
	w.Close()
	if err != nil {
		return nil, nil, err
	}
	out, _ := io.ReadAll(r)
	return p, out, nil
}

func newCmd() *exec.Cmd { return exec.Command("child") }

// A command made by a creator of the package (newCmd returns a fresh
// exec.Command): the file handed to it is ours to close, and the child ours
// to wait for.
func madeElsewhere() ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := newCmd()
	cmd.Stdout = w
	cmd.Start() // want `the parent still holds w` `cmd.Start succeeds but the child is not waited on some path`
	return io.ReadAll(r)
}

// The read end is closed before: only the write end leaks (os/pipe_test.go).
func readEndClosed() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	r.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	return cmd.Run() // want `w is handed to the child but the parent does not close it after Run on some path: the parent keeps its copy of the descriptor open; close w right after Run`
}

// The variable is reused for a second command that is handed nothing
// (runtime/runtime-gdb_unix_test.go).
func reusedVariable() ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	cmd := exec.Command("first")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	w.Close()
	var buf [1]byte
	r.Read(buf[:])
	cmd.Wait()
	cmd = exec.Command("second")
	return cmd.CombinedOutput() // ok: this command has no file of ours
}

// The file is given another name before the start and closed under it
// (containerd's NewBinaryProcessor).
func aliased(payload bool) (io.Closer, error) {
	cmd := exec.Command("child")
	var payloadC io.Closer
	if payload {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		go func() {
			fmt.Fprint(w, "payload")
			w.Close()
		}()
		cmd.ExtraFiles = append(cmd.ExtraFiles, r)
		payloadC = r
	}
	if err := cmd.Start(); err != nil { // ok
		return nil, err
	}
	go cmd.Wait()
	if payloadC != nil {
		payloadC.Close()
	}
	return nil, nil
}

// Kept in a local slice that is closed only on failure: still leaked on
// success (containerd-shim's logging binary).
func localSlice() (retErr error) {
	var toClose []*os.File
	defer func() {
		if retErr != nil {
			for _, f := range toClose {
				f.Close()
			}
		}
	}()
	outR, outW, err := os.Pipe()
	if err != nil {
		return err
	}
	toClose = append(toClose, outR)
	cmd := exec.Command("logger")
	cmd.ExtraFiles = append(cmd.ExtraFiles, outR)
	if err := cmd.Start(); err != nil { // want `outR is handed to the child but the parent does not close it after Start on some path`
		return err
	}
	go cmd.Wait()
	fmt.Fprintln(outW, "log")
	return outW.Close()
}
