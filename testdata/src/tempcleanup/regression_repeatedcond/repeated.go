// Package regression_repeatedcond pins a false positive found in cmd
// (cmd/cgo/internal/testshared's testMain): the path that skips the
// deferred removal under "if !*testWork" is the one that printed the
// directory under "if *testWork || testing.Verbose()", since nothing in
// between may write *testWork (issue 9). Repeated pure conditions take the
// same branch; a write in between forgets what the path knew.
package regression_repeatedcond

import (
	"flag"
	"fmt"
	"os"
	"testing"
)

var testWork = flag.Bool("testwork", false, "if true, log and do not delete the temporary working directory")

func testMain() (string, error) {
	workDir, err := os.MkdirTemp("", "shared_test")
	if err != nil {
		return "", err
	}
	if *testWork || testing.Verbose() {
		fmt.Printf("+ mkdir -p %s\n", workDir)
	}
	if !*testWork {
		defer os.RemoveAll(workDir)
	}
	return "done", nil
}

// A local flag read twice, with calls in between that cannot write it.
func localFlag(keep bool) error {
	dir, err := os.MkdirTemp("", "work")
	if err != nil {
		return err
	}
	show := keep
	if show {
		fmt.Println("kept", dir)
	}
	fmt.Println("working")
	if !show {
		defer os.RemoveAll(dir)
	}
	return nil
}

var settings struct{ keep bool }

// A call of the package's own code may change the flag in between: the
// second test is not known to repeat the first.
func reconfigured() error {
	dir, err := os.MkdirTemp("", "work") // want `not removed on any path`
	if err != nil {
		return err
	}
	if settings.keep {
		fmt.Println("kept", dir)
	}
	reload()
	if !settings.keep {
		defer os.RemoveAll(dir)
	}
	return nil
}

func reload() { settings.keep = !settings.keep }

// So may flag.Parse.
func parsedInBetween() error {
	dir, err := os.MkdirTemp("", "work") // want `not removed on any path`
	if err != nil {
		return err
	}
	if *testWork {
		fmt.Println("kept", dir)
	}
	flag.Parse()
	if !*testWork {
		defer os.RemoveAll(dir)
	}
	return nil
}

// And an assignment to the variable.
func assignedInBetween(keep bool) error {
	dir, err := os.MkdirTemp("", "work") // want `not removed on any path`
	if err != nil {
		return err
	}
	show := keep
	if show {
		fmt.Println("kept", dir)
	}
	show = !keep
	if !show {
		defer os.RemoveAll(dir)
	}
	return nil
}
