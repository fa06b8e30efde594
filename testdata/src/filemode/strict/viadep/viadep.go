// Package viadep does not import the shim itself, but a package it imports
// does: the shim is in its build graph (and in its module's requirements),
// so a fix that imports it cannot break the build.
package viadep

import (
	"os"

	"filemode/strict/imported"
)

func f(p string) {
	imported.Helper()
	os.Create(p)           // want `os.Create leaves the file mode implicit`
	os.MkdirTemp(p, "x-*") // want `os.MkdirTemp leaves the mode implicit \(0700\)`
}
