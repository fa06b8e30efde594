// Package regression_gatedfield: a temp object in a (nested) field of the
// receiver whose removing method acts only once another field is set
// (go-plugin's Client, audit31 S5).
package regression_gatedfield

import (
	"errors"
	"os"
	"sync"
)

type socketCfg struct {
	TempDir   string
	Group     string
	socketDir string
}

type Runner interface{ ID() string }

type Client struct {
	l      sync.Mutex
	cfg    socketCfg
	runner Runner
	mk     func(dir string) (Runner, error)
}

func setGroupWritable(path, group string) error {
	if group == "x" {
		return errors.New("no group")
	}
	return os.Chmod(path, 0o770)
}

// Start: the returns after a failed setGroupWritable or mk come before
// c.runner is set, and Kill removes nothing while it is nil.
func (c *Client) Start() error {
	var err error
	c.cfg.socketDir, err = os.MkdirTemp(c.cfg.TempDir, "plugin-dir") // want `temp directory from os.MkdirTemp is stored in c.cfg.socketDir, which Kill removes only when c.runner is set, and 2 returns of this method come before that, so it stays on disk: call os.RemoveAll\(c.cfg.socketDir\) there`
	if err != nil {
		return err
	}
	if c.cfg.Group != "" {
		if err = setGroupWritable(c.cfg.socketDir, c.cfg.Group); err != nil {
			return err
		}
	}
	r, err := c.mk(c.cfg.socketDir)
	if err != nil {
		return err
	}
	c.runner = r
	return nil
}

// Restart: negative, the returns before c.runner is set remove it.
func (c *Client) Restart() error {
	var err error
	c.cfg.socketDir, err = os.MkdirTemp(c.cfg.TempDir, "plugin-dir")
	if err != nil {
		return err
	}
	r, err := c.mk(c.cfg.socketDir)
	if err != nil {
		os.RemoveAll(c.cfg.socketDir)
		return err
	}
	c.runner = r
	return nil
}

// Reopen: negative, c.runner is set before any return.
func (c *Client) Reopen(r Runner) error {
	var err error
	c.cfg.socketDir, err = os.MkdirTemp(c.cfg.TempDir, "plugin-dir")
	if err != nil {
		return err
	}
	c.runner = r
	return setGroupWritable(c.cfg.socketDir, c.cfg.Group)
}

// Refresh: negative, c.runner is set elsewhere (by Start): Kill may well
// remove what it stores.
func (c *Client) Refresh() error {
	var err error
	c.cfg.socketDir, err = os.MkdirTemp(c.cfg.TempDir, "plugin-dir")
	if err != nil {
		return err
	}
	return setGroupWritable(c.cfg.socketDir, c.cfg.Group)
}

func (c *Client) Kill() {
	c.l.Lock()
	runner := c.runner
	dir := c.cfg.socketDir
	c.l.Unlock()
	if runner == nil || runner.ID() == "" {
		return
	}
	defer func() {
		if dir != "" {
			_ = os.RemoveAll(dir)
		}
		// The literal captures the receiver, which then lives in a
		// cell (go-plugin's Kill).
		c.l.Lock()
		c.runner = nil
		c.l.Unlock()
	}()
}

// Server: negative, its Close removes the directory whatever else is set.
type Server struct {
	dir    string
	runner Runner
}

func (s *Server) Start(mk func(string) (Runner, error)) error {
	var err error
	s.dir, err = os.MkdirTemp("", "server-")
	if err != nil {
		return err
	}
	r, err := mk(s.dir)
	if err != nil {
		return err
	}
	s.runner = r
	return nil
}

func (s *Server) Close() {
	os.RemoveAll(s.dir)
	if s.runner == nil {
		return
	}
	s.runner.ID()
}

// Pool: negative, the nil branch of the test cleans up through a method
// of the package: no gate.
type Pool struct {
	dir    string
	runner Runner
}

func (p *Pool) Start(mk func(string) (Runner, error)) error {
	var err error
	p.dir, err = os.MkdirTemp("", "pool-")
	if err != nil {
		return err
	}
	r, err := mk(p.dir)
	if err != nil {
		return err
	}
	p.runner = r
	return nil
}

func (p *Pool) Close() {
	if p.runner == nil {
		p.cleanup()
		return
	}
	p.cleanup()
}

func (p *Pool) cleanup() { os.RemoveAll(p.dir) }

// Cache: negative, Close tests the runner but removes on both branches.
type Cache struct {
	dir    string
	runner Runner
}

func (c *Cache) Start(mk func(string) (Runner, error)) error {
	var err error
	c.dir, err = os.MkdirTemp("", "cache-")
	if err != nil {
		return err
	}
	r, err := mk(c.dir)
	if err != nil {
		return err
	}
	c.runner = r
	return nil
}

func (c *Cache) Close() {
	if c.runner == nil {
		os.RemoveAll(c.dir)
		return
	}
	c.runner.ID()
	os.RemoveAll(c.dir)
}
