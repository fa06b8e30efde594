package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"honnef.co/go/tools/lintcmd/runner"

	"github.com/tmplint/tmplint/shim/sweep"
)

// progressInterval is how often the progress line is redrawn.
const progressInterval = 200 * time.Millisecond

// startProgress shows, while the runner works and only when w is a
// terminal, one line on w that is redrawn in place: "tmplint: 123/456
// packages". It returns the function that stops it and clears the line.
// Output that is not a terminal (CI logs, files, pipes) gets nothing.
func startProgress(w io.Writer, stats *runner.Stats) (stop func()) {
	f, ok := w.(*os.File)
	if !ok || !sweep.IsTerminal(f) {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(progressInterval)
		defer tick.Stop()
		for {
			select {
			case <-done:
				fmt.Fprint(f, "\r\033[K")
				return
			case <-tick.C:
				fmt.Fprintf(f, "\r\033[K%s", progressLine(stats))
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// progressLine describes the runner's state in a few words.
func progressLine(stats *runner.Stats) string {
	switch stats.State() {
	case runner.StateProcessing:
		return fmt.Sprintf("%s: %d/%d packages", progname(), stats.ProcessedPackages(), stats.TotalPackages())
	case runner.StateFinalizing:
		return fmt.Sprintf("%s: %d/%d packages", progname(), stats.TotalPackages(), stats.TotalPackages())
	}
	return progname() + ": listing packages"
}
