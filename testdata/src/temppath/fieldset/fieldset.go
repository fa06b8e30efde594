// Package fieldset sets the fields that lib creates at.
package fieldset

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"

	"temppath/fieldset/lib"
)

const logPath = "/tmp/fieldset.log"

func literals() {
	_ = &lib.Logger{Filename: "/tmp/fieldset-app.log"}                     // want `Filename of lib.Logger names a file that its package creates \(os.OpenFile at lib.go:\d+\), here at a predictable name in shared temp dir: another local user`
	_ = lib.Rotator{Path: filepath.Join(os.TempDir(), "fieldset-rot.log")} // want `Path of lib.Rotator names a file that its package creates \(os.Create at lib.go:\d+\)`
	_ = &lib.Logger{Filename: logPath}                                     // want `here at a predictable name in shared temp dir \(const logPath at fieldset.go:\d+\)`
	_ = &lib.Logger{Prefix: "/tmp/not-a-file"}                             // ok: Prefix names no file
	_ = &lib.Rotator{Input: "/tmp/fieldset-in"}                            // ok: Input is only read
}

func assigned(l *lib.Logger) {
	l.Filename = "/tmp/fieldset-set.log" // want `Filename of lib.Logger names a file`
}

func private() error {
	dir, err := os.MkdirTemp("", "fieldset")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	l := &lib.Logger{Filename: filepath.Join(dir, "app.log")} // ok: private dir
	_, err = l.Write(nil)
	return err
}

func random() {
	_ = &lib.Logger{Filename: filepath.Join(os.TempDir(), fmt.Sprint(rand.Int63()))} // ok: not predictable
}

func home() {
	_ = &lib.Logger{Filename: filepath.Join(os.Getenv("HOME"), "app.log")} // ok: not shared temp
}
