// Command exitaftercallback starts children in callbacks that main hands
// to helpers of the program. Where the helper does only file work after
// the callback and main then ends, a child left unwaited (an abandoned
// server) and a file kept for it are kept only until the process exits:
// strict-only. Where a call that can run long comes after, on the
// helper's side or main's, they are reported.
package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
)

type step func(int) (int, error)

// update reads a counter, calls fn, and writes the new value: only file
// work after fn.
func update(fn step) error {
	f, err := os.OpenFile("/var/lib/counter", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	after, err := fn(0)
	if err != nil {
		return err
	}
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "%d", after)
	return err
}

// serveAfter calls fn, then serves: the program goes on long after.
func serveAfter(fn step) error {
	if _, err := fn(0); err != nil {
		return err
	}
	return http.ListenAndServe("localhost:8080", nil)
}

// detach starts a server and leaves it: main calls it last.
func detach() error {
	cmd := exec.Command("server")
	if err := cmd.Start(); err != nil { // ok: main ends right after, through short work
		return err
	}
	return nil
}

// waitForever blocks.
func waitForever() {
	select {}
}

func release() error { return os.Remove("/var/lib/counter.lock") }

func fatal(err error) {
	if err == nil {
		return
	}
	release()
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func main() {
	if len(os.Args) < 2 {
		os.Exit(2)
	}
	defer release()
	var err error
	switch os.Args[1] {
	case "start":
		err = update(func(n int) (int, error) {
			log, err := os.Create("/var/log/server.log")
			if err != nil {
				return n, err
			}
			cmd := exec.Command("server")
			cmd.Stdout = log
			if err := cmd.Start(); err != nil { // ok: abandoned, and the program ends right after
				return n, err
			}
			return n + 1, nil
		})
	case "serve":
		err = serveAfter(func(n int) (int, error) {
			cmd := exec.Command("server")
			if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
				return n, err
			}
			return n + 1, nil
		})
	case "watch":
		err = update(func(n int) (int, error) {
			cmd := exec.Command("server")
			if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
				return n, err
			}
			return n + 1, nil
		})
		waitForever()
	case "detach":
		err = detach()
	}
	fatal(err)
}
