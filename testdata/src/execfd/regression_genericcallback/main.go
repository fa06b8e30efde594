// Command regression_genericcallback starts a child in a callback that
// main hands to an instance of a generic helper, which calls it and then
// does only file work (strict-only, as for a plain helper), or then
// serves (reported). A callback passed as a value of a type parameter
// whose core type is a function is the literal itself: its calls are
// the literal's.
package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
)

// update reads a counter, calls fn, and writes the new value.
func update[T any](tag T, fn func(int) (int, error)) error {
	f, err := os.OpenFile("/var/lib/counter", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	after, err := fn(0)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "%d %v", after, tag)
	return err
}

// serveAfter calls fn, then serves.
func serveAfter[T any](tag T, fn func(int) (int, error)) error {
	if _, err := fn(0); err != nil {
		return err
	}
	return http.ListenAndServe("localhost:8080", nil)
}

// updateWith gets its callback as a value of its type parameter.
func updateWith[F ~func(int) (int, error)](fn F) error {
	f, err := os.Create("/var/lib/counter")
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = fn(0)
	return err
}

func main() {
	var err error
	switch os.Args[1] {
	case "start":
		err = update(1, func(n int) (int, error) {
			cmd := exec.Command("server")
			if err := cmd.Start(); err != nil { // ok: abandoned, and the program ends right after
				return n, err
			}
			return n + 1, nil
		})
	case "serve":
		err = serveAfter[string]("x", func(n int) (int, error) {
			cmd := exec.Command("server")
			if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
				return n, err
			}
			return n + 1, nil
		})
	case "with":
		err = updateWith(func(n int) (int, error) {
			cmd := exec.Command("server")
			if err := cmd.Start(); err != nil { // ok: as for update
				return n, err
			}
			return n + 1, nil
		})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
