// Package wrapperuse starts commands through wrapperlib's wrapper, known
// to be one by a fact: a local wrapper is followed like an *exec.Cmd.
package wrapperuse

import (
	"bufio"
	"errors"
	"strings"

	"execfd/wrapperlib"
)

// gitNoLFS is a creator too: it returns what a creator returns.
func gitNoLFS(args ...string) (*wrapperlib.Cmd, error) {
	return wrapperlib.ExecCommand("git", args...)
}

// allRefsIn never waits (git-lfs git.AllRefsIn).
func allRefsIn(wd string) ([]string, error) {
	cmd, err := gitNoLFS("for-each-ref")
	if err != nil {
		return nil, err
	}
	cmd.Dir = wd
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Start() // want `^cmd\.Start succeeds but the child is not waited on some path: .*call cmd\.Process\.Kill then cmd\.Wait`
	var refs []string
	scanner := bufio.NewScanner(outp)
	for scanner.Scan() {
		parts := strings.SplitN(scanner.Text(), "\x00", 2)
		if len(parts) != 2 {
			return nil, errors.New("invalid line")
		}
		refs = append(refs, parts[1])
	}
	return refs, nil
}

// remoteRefs returns from the scan loop without a Wait (git-lfs
// git.RemoteRefs).
func remoteRefs(withTags bool) ([]string, error) {
	cmd, err := wrapperlib.ExecCommand("git", "ls-remote")
	if err != nil {
		return nil, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Start() // want `^cmd\.Start succeeds but the child is not waited on some path`
	var ret []string
	scanner := bufio.NewScanner(outp)
	for scanner.Scan() {
		if strings.HasPrefix(scanner.Text(), "refs/tags/") && !withTags {
			return nil, errors.New("unexpected tag")
		}
		ret = append(ret, scanner.Text())
	}
	return ret, cmd.Wait()
}

// remoteRefsWaited waits on every path: the wrapper's Wait reaps.
func remoteRefsWaited(withTags bool) ([]string, error) {
	cmd, err := gitNoLFS("ls-remote")
	if err != nil {
		return nil, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer cmd.Wait()
	var ret []string
	scanner := bufio.NewScanner(outp)
	for scanner.Scan() {
		if strings.HasPrefix(scanner.Text(), "refs/tags/") && !withTags {
			return nil, errors.New("unexpected tag")
		}
		ret = append(ret, scanner.Text())
	}
	return ret, nil
}

// waitedThroughEmbedded waits for the embedded command itself.
func waitedThroughEmbedded() error {
	cmd, err := gitNoLFS("status")
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Cmd.Wait()
}

// killedAndWaited stops the child through the embedded command's Process.
func killedAndWaited(bad bool) error {
	cmd, err := gitNoLFS("status")
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	if bad {
		cmd.Cmd.Process.Kill()
		cmd.Cmd.Process.Wait()
		return errors.New("bad")
	}
	return cmd.Wait()
}

// handedOn keeps the embedded command for someone else to wait.
func handedOn() error {
	cmd, err := gitNoLFS("daemon")
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	keep(cmd.Cmd)
	return nil
}

func keep(c interface{ Wait() error }) { go c.Wait() }

// traced is not a wrapper: its Wait does not wait, so a *Traced is not
// followed as a command.
func traced() error {
	t := wrapperlib.NewTraced("true")
	return t.Start()
}

// indexer keeps its wrapper in a field, started on first use and waited
// by Close (git-lfs commands.gitIndexer).
type indexer struct {
	cmd *wrapperlib.Cmd
}

func (i *indexer) Add() error {
	if i.cmd == nil {
		cmd, err := gitNoLFS("update-index", "--stdin")
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		i.cmd = cmd
	}
	return nil
}

func (i *indexer) Close() error {
	if i.cmd != nil {
		return i.cmd.Wait()
	}
	return nil
}

// leakyIndexer's Close only kills its child.
type leakyIndexer struct {
	cmd *wrapperlib.Cmd
}

func (i *leakyIndexer) Add() error {
	cmd, err := gitNoLFS("update-index", "--stdin")
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	i.cmd = cmd // want `field cmd of leakyIndexer holds the child started by cmd\.Start, but no function of the package waits for it`
	return nil
}

func (i *leakyIndexer) Close() error {
	return i.cmd.Process.Kill()
}
