package fieldstore // want package:"createsPkg"

// This package holds the shape "a fixed shared temp path stored in a
// struct field and created elsewhere": a configuration's default.

import (
	"fmt"
	"os"
	"path/filepath"

	"temppath/fieldstore/conf"
)

type Config struct {
	BuildDir string // want BuildDir:"sharedVar.predictable, field BuildDir, set." BuildDir:"createsField.os.MkdirAll."
	CacheDir string // want CacheDir:"createsField.os.MkdirAll."
	LogDir   string // want LogDir:"createsField.os.MkdirAll."
	ReadDir  string // want ReadDir:"sharedVar.predictable, field ReadDir, set."
	Spool    string // want Spool:"sharedVar.predictable, field Spool, set."
}

var Conf Config

func defaults(c *Config) {
	c.BuildDir = "/tmp/buildtmp/"                                // want `field BuildDir is set to the fixed path /tmp/buildtmp/ in shared temp dir, which os.MkdirAll at fieldstore.go:\d+ creates: .*default it to a per-user directory`
	c.CacheDir = fmt.Sprintf("/tmp/buildcache-%d/", os.Getuid()) // ok: not a fixed name (judged where it is created)
	c.LogDir = "/var/log/app"                                    // ok: not shared temp
	c.ReadDir = "/tmp/input"                                     // ok: only read
}

func newConfig() *Config {
	return &Config{
		Spool: "/tmp/spool", // want `field Spool is set to the fixed path /tmp/spool in shared temp dir, which download \(os.Create at fieldstore.go:\d+\) creates`
	}
}

func build(name string) error {
	if err := os.MkdirAll(Conf.BuildDir, 0o755); err != nil {
		return err
	}
	dir := Conf.CacheDir
	os.MkdirAll(dir, 0o700)
	os.MkdirAll(Conf.LogDir, 0o755)
	_, err := os.ReadFile(filepath.Join(Conf.ReadDir, name))
	return err
}

// A field the package also sets to another value: a read may see either.
type Result struct {
	Out string // want Out:"createsField.os.WriteFile."
}

func sample() Result { return Result{Out: "/tmp/sample.json"} } // ok: Out is also set to what the code produced

func produce(dir string) Result {
	r := Result{Out: filepath.Join(dir, "out.json")}
	os.WriteFile(r.Out, nil, 0o600)
	return r
}

func fetch(c *Config, name string) error {
	return download(c.Spool + name)
}

func download(path string) error { // want download:"createsAt.0: os.Create."
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	return f.Close()
}

func init() {
	defaults(&Conf)
	_ = newConfig()
}

// A field of another package's configuration, set there to a fixed path.
func work() {
	os.MkdirAll(conf.Default.WorkDir, 0o755) // want `os.MkdirAll at a predictable name in shared temp dir \(field WorkDir, set at conf.go:\d+\)`
	os.MkdirAll(conf.Default.HomeDir, 0o755) // ok: not shared temp
	os.MkdirAll(conf.Default.UserDir, 0o755) // ok: not a fixed name, and set from another package
}
