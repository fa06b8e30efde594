package proc_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"time"

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
