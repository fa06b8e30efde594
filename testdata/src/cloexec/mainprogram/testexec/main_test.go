package main

import (
	"os/exec"
	"syscall"
	"testing"
)

func TestRun(t *testing.T) {
	var p [2]int
	if err := syscall.Pipe(p[:]); err != nil { // want `syscall.Pipe creates a descriptor without close-on-exec`
		t.Fatal(err)
	}
	defer syscall.Close(p[0])
	defer syscall.Close(p[1])
	if err := exec.Command("true").Run(); err != nil {
		t.Fatal(err)
	}
}
