// Package main: a program's type keeps a temp dir in a field that no
// method removes. The program may mean the dir as its output (u-root's
// cmd2pkg generates packages into it): the hint removes it only once the
// program is done with it, or has the program print where it is.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"
)

type command struct {
	dir string
}

func (c *command) execute() error {
	var err error
	if c.dir == "" {
		c.dir, err = os.MkdirTemp("", "gen-") // want `field dir holds a temp directory from os.MkdirTemp that no method of command removes, so it stays on disk after the program exits: remove it in a Close or cleanup method of command once the program is done with it, or, if it holds what the program produces, print its path for the user$`
		if err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(c.dir, "main.go"), []byte("package main\n"), 0o600)
}

func main() {
	dir := flag.String("dir", "", "output directory")
	flag.Parse()
	if err := (&command{dir: *dir}).execute(); err != nil {
		log.Fatal(err)
	}
}
