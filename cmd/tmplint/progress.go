package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/tmplint/tmplint/internal/unirun"

	"github.com/tmplint/tmplint/shim/sweep"
)

// progressInterval is how often the progress line is redrawn.
const progressInterval = 200 * time.Millisecond

// startProgress shows, while the driver works and only when w is a
// terminal, one line on w that is redrawn in place: "tmplint: 123/456
// packages". It returns the function that stops it and clears the line.
// Output that is not a terminal (CI logs, files, pipes) gets nothing.
func startProgress(w io.Writer, stats *unirun.Stats) (stop func()) {
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

// progressLine describes the runner's state in a few words: how many of
// the packages asked for are done, then how many of all, dependencies
// included.
func progressLine(stats *unirun.Stats) string {
	if stats.State() == unirun.StateAnalyzing {
		return fmt.Sprintf("%s: %d/%d packages (%d/%d with dependencies)", progname(),
			stats.Answered(), stats.Asked(), stats.Done(), stats.Total())
	}
	return progname() + ": listing packages"
}
