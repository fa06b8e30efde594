// Package setterlib has setters that store a directory into the field of
// an owner; package regression_settercaller calls them across the
// package boundary, where only their facts are known.
package setterlib

import (
	"log"
	"os"
)

// Workspace removes the directory its setter stores, in Close.
type Workspace struct { // want Workspace:"ownsTemp\\(dir, releasers Close\\)"
	dir string
}

func (w *Workspace) SetDir(d string) { w.dir = d } // want SetDir:"releases\\(0\\)" SetDir:"takes\\(0\\)" SetDir:"setsField\\(param 0 into receiver.dir\\)"

func (w *Workspace) Close() error { return os.RemoveAll(w.dir) }

// Config is filled by a function of the package.
type Config struct { // want Config:"ownsTemp\\(dir, releasers Close\\)"
	dir string
}

func Fill(c *Config, d string) { c.dir = d } // want Fill:"releases\\(1\\)" Fill:"takes\\(1\\)" Fill:"setsField\\(param 1 into param 0.dir\\)"

func (c *Config) Close() error { return os.RemoveAll(c.dir) }

// Logger's setter only logs the directory.
type Logger struct{}

func (l *Logger) SetDir(d string) { log.Printf("dir %s", d) } // want SetDir:"borrows\\(0\\)"

// Use sets the field through SetDir: a setter too.
func (w *Workspace) Use(d string) { w.SetDir(d) } // want Use:"releases\\(0\\)" Use:"takes\\(0\\)" Use:"setsField\\(param 0 into receiver.dir\\)"

// registry keeps the directories registered.
var registry = map[string]bool{}

// Register keeps the directory elsewhere too: no setter, a hand-off.
func (w *Workspace) Register(d string) { // want Register:"releases\\(0\\)" Register:"takes\\(0\\)"
	w.dir = d
	registry[d] = true
}
