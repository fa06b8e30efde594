// Package main is the regression test for u-root's pflask: returning from
// main ends the process, so a child left unwaited there is no zombie of a
// living parent, and the files it holds are closed by the exit.
package main

import (
	"io"
	"os"
	"os/exec"
)

func main() {
	log, err := os.Create("log")
	if err != nil {
		panic(err)
	}
	c := exec.Command("child")
	c.Stdout = log
	if err := c.Start(); err != nil { // ok
		panic(err)
	}
	io.Copy(os.Stdout, os.Stdin)
}

func notMain() {
	c := exec.Command("child")
	c.Start() // want `c.Start succeeds but the child is not waited on some path`
}
