package pathasany

import (
	"fmt"
	"os"
	"path/filepath"
)

// An injected logger: whatever the implementation, it receives the path
// as any, to format or keep, not to remove (kind's builder).
type InfoLogger interface {
	Infof(format string, args ...any)
}

type Logger interface {
	V(level int) InfoLogger
}

// A sink whose method takes the path as a string: an implementation may
// remove it, so the path is handed off (strict reports it).
type Sink interface {
	Put(path string)
}

type builder struct {
	logger Logger
	sink   Sink
}

// The path inside the dir goes to a callee that logs it through the
// interface: the caller still owns the dir.
func (b *builder) build() (string, error) {
	dir, err := os.MkdirTemp("", "extract-") // want `temp directory dir from os.MkdirTemp is returned to the caller but not removed on the return that leaks it`
	if err != nil {
		return "", err
	}
	if err := b.download(filepath.Join(dir, "k.tgz")); err != nil {
		return "", fmt.Errorf("download: %w", err)
	}
	return dir, nil
}

func (b *builder) download(dest string) error {
	out, err := os.Create(dest)
	if err != nil {
		return err
	}
	defer func() { b.logger.V(2).Infof("copied to %q", dest) }()
	return out.Close()
}

// The log line in the function itself.
func (b *builder) logged() error {
	dir, err := os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is not removed on every path`
	if err != nil {
		return err
	}
	b.logger.V(1).Infof("working in %s", dir)
	if err := os.WriteFile(filepath.Join(dir, "a"), nil, 0o600); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

// A string parameter of an interface method may take the path.
func (b *builder) handed() error {
	dir, err := os.MkdirTemp("", "x") // ok by default: any implementation of Put may remove it
	if err != nil {
		return err
	}
	b.sink.Put(dir)
	return nil
}
