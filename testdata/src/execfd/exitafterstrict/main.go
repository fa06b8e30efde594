// exitafter under -strict: a child left unwaited on a return to main that
// then exits is reported too.
package main

import (
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"
)

func check() error { return nil }

// fatal: main calls log.Fatal when it fails.
func fatal() error {
	cmd := exec.Command("sleep", "1")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if err := check(); err != nil {
		return fmt.Errorf("check: %w", err)
	}
	return cmd.Wait()
}

// exit: main prints the error and calls os.Exit.
func exit() error {
	cmd := exec.Command("sleep", "1")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

// returned: main returns on the error.
func returned() (int, error) {
	cmd := exec.Command("sleep", "1")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return 0, err
	}
	if check() != nil {
		return 0, errors.New("failed")
	}
	return 1, cmd.Wait()
}

// given: the command a caller made, started here.
func given(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but a later error is returned without waiting`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

// logged: main logs the error and goes on, so the child stays unwaited
// while the program runs.
func logged() error {
	cmd := exec.Command("sleep", "1")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

// twice: also called by a function other than main.
func twice() error {
	cmd := exec.Command("sleep", "1")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

func again() { _ = twice() }

// nilReturn: the leaking return gives no error, so main goes on.
func nilReturn() error {
	cmd := exec.Command("sleep", "1")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if check() != nil {
		return nil
	}
	return cmd.Wait()
}

// final: main's last statement, so main returns right after.
func final() error {
	cmd := exec.Command("sleep", "1")
	if err := cmd.Start(); err != nil { // want `cmd.Start succeeds but the child is not waited on some path`
		return err
	}
	if err := check(); err != nil {
		return err
	}
	return cmd.Wait()
}

func main() {
	if err := fatal(); err != nil {
		log.Fatal(err)
	}
	err := exit()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if _, err := returned(); err != nil {
		return
	}
	if err := given(exec.Command("true")); err != nil {
		log.Fatalf("given: %v", err)
	}
	if err := logged(); err != nil {
		log.Print(err)
	}
	if err := twice(); err != nil {
		log.Fatal(err)
	}
	again()
	if err := nilReturn(); err != nil {
		log.Fatal(err)
	}
	if err := keptFile(); err != nil {
		log.Fatal(err)
	}
	if err := keptFileLogged(); err != nil {
		log.Print(err)
	}
	final()
}
