package proc_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/tmplint/tmplint/shim/fsmode"
	"github.com/tmplint/tmplint/shim/proc"
)

func ExampleStart() {
	r, w, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	defer r.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "echo", "hello")
	cmd.Stdout = w
	// Start closes the parent's w, so reading r ends when the child exits.
	if err := proc.Start(cmd); err != nil {
		panic(err)
	}
	buf := make([]byte, 64)
	n, _ := r.Read(buf)
	if err := cmd.Wait(); err != nil {
		panic(err)
	}
	fmt.Print(string(buf[:n]))
	// Output: hello
}

// A background helper that outlives the program: its output goes to a log
// file, its stdin to /dev/null, and the program's stdout is not held open.
func ExampleStartDetached() {
	logf, err := fsmode.CreateTemp("", "helper-*.log", 0o600)
	if err != nil {
		panic(err)
	}
	defer os.Remove(logf.Name())
	cmd := exec.Command("true")
	cmd.Stdout, cmd.Stderr = logf, logf // closed in the parent after start
	pid, err := proc.StartDetached(cmd)
	if err != nil {
		panic(err)
	}
	fmt.Println(pid > 0)
	// Output: true
}
