package reexecentry // want package:"startsProcess"

// A function registered as the program of a re-executed process is that
// process's main: when it starts no process, its descriptors' findings are
// strict-only.

import (
	"fmt"
	"os"
	"os/exec"

	"golang.org/x/sys/unix"

	"cloexec/reexecentry/reexec"
	"cloexec/reexecentry/registry"
)

func init() {
	reexec.Register("mountfrom", mountFromMain)
	reexec.Register("runner", runnerMain)
	registry.Add("hook", hookMain)
}

func mountFromMain() {
	fd, err := unix.Open(os.Args[1], unix.O_RDONLY, 0) // strict-only: the program starts nothing
	if err != nil {
		fatal(err)
	}
	fmt.Println(fd)
	os.Exit(0)
}

func runnerMain() {
	fd, err := unix.Open(os.Args[1], unix.O_RDONLY, 0) // want `unix.Open without O_CLOEXEC`
	if err != nil {
		fatal(err)
	}
	fmt.Println(fd)
	exec.Command("child").Run()
}

func hookMain() {
	fd, _ := unix.Open(os.Args[1], unix.O_RDONLY, 0) // want `unix.Open without O_CLOEXEC`
	fmt.Println(fd)
}

func library() int {
	fd, _ := unix.Open("/etc/hosts", unix.O_RDONLY, 0) // want `unix.Open without O_CLOEXEC`
	return fd
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// Start runs mountfrom in a new process.
func Start() error { return reexec.Command("mountfrom").Run() } // want Start:"startsProcessFunc"
