// Package regression_stdinfeed: Wait also waits for the goroutine that
// copies a non-file Stdin into the child. Killed, the child no longer
// reads, and the copy ends at its next write, unless it is blocked
// reading its source: an io.Pipe whose writer nobody closes (git-lfs feeds
// its extensions so) keeps "Kill then Wait" hanging in Wait. The hint
// says to close the feed first, or to set WaitDelay, when Stdin may block:
// not for an *os.File (handed to the child, no goroutine), an in-memory
// reader, or a command with WaitDelay set.
package regression_stdinfeed

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

func check() error { return errors.New("bad") }

func pipeFed() (*io.PipeWriter, error) {
	pr, pw := io.Pipe()
	cmd := exec.Command("filter")
	cmd.Stdin = pr
	if err := cmd.Start(); err != nil { // want `at this error return, call cmd.Process.Kill then cmd.Wait to stop it \(a plain Wait there blocks for as long as the child runs\); Wait also waits for the goroutine that copies cmd.Stdin into the child: close what feeds it first, or set cmd.WaitDelay$`
		return nil, err
	}
	if err := check(); err != nil {
		return nil, err
	}
	go cmd.Wait()
	return pw, nil
}

// A reader the caller gives may block too.
func readerFed(src io.Reader) error {
	cmd := exec.Command("filter")
	cmd.Stdin = src
	if err := cmd.Start(); err != nil { // want `close what feeds it first, or set cmd.WaitDelay$`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

// An *os.File is the child's own stdin: no goroutine copies it.
func fileFed(f *os.File) error {
	cmd := exec.Command("filter")
	cmd.Stdin = f
	if err := cmd.Start(); err != nil { // want `\(a plain Wait there blocks for as long as the child runs\)$`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

// In-memory readers never block: the copy ends once the child is killed.
func memoryFed(b []byte, s string) error {
	cmd := exec.Command("filter")
	cmd.Stdin = bytes.NewReader(b)
	if s != "" {
		cmd.Stdin = strings.NewReader(s)
	}
	if err := cmd.Start(); err != nil { // want `\(a plain Wait there blocks for as long as the child runs\)$`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

// With WaitDelay set, Wait stops waiting for the copy after the delay.
func delayed() error {
	pr, pw := io.Pipe()
	defer pw.Close()
	cmd := exec.Command("filter")
	cmd.Stdin = pr
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil { // want `\(a plain Wait there blocks for as long as the child runs\)$`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

// u-root's newsshd: Stdin is set only in the branch that does not start
// the child itself; the started child's Stdin is no reader of the parent.
func sessionLike(pty bool, s io.Reader) error {
	cmd := exec.Command("sh")
	if pty {
		if err := cmd.Start(); err != nil { // want `\(a plain Wait there blocks for as long as the child runs\)$`
			return err
		}
		return check()
	} else {
		cmd.Stdin = s
		return cmd.Run()
	}
}
