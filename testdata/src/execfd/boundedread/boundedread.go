// Package boundedread: the parent reads a pipe whose write end it still
// holds. Unbounded, the read never ends; with a deadline it ends at the
// deadline, without EOF.
package boundedread

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"time"
)

func unbounded() ([]byte, error) {
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
	out, err := io.ReadAll(r)
	cmd.Wait()
	return out, err
}

func bounded() ([]byte, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	defer w.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r: the read of r sees no EOF when the child exits and fails only at its deadline \(a deferred Close runs too late\); close w right after Start`
		return nil, err
	}
	r.SetReadDeadline(time.Now().Add(5 * time.Second))
	out, err := io.ReadAll(r)
	cmd.Wait()
	return out, err
}

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
	r.SetReadDeadline(time.Now().Add(5 * time.Second))
	out, err := io.ReadAll(r)
	cmd.Wait()
	return out, err
}

// A read of one line returns once the child has written it: it hangs only
// if the child exits first.
func readyLine() (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", err
	}
	defer r.Close()
	defer w.Close()
	cmd := exec.Command("child")
	cmd.Stdout = w
	if err := cmd.Start(); err != nil { // want `the parent still holds w, the write end of the pipe handed to the child, when it reads r: if the child exits before writing what the read of r waits for, the read blocks forever instead of seeing EOF \(a deferred Close runs too late\); close w right after Start`
		return "", err
	}
	line, err := bufio.NewReader(r).ReadString('\n')
	go cmd.Wait()
	return line, err
}
