// Package regression_sharedholder: direnv's rc.go hands the child either
// a /dev/null it opened or the process's own os.Stdin, through one
// variable. The copy it opened stays open after the run, but "close stdin
// right after Output" as written would close os.Stdin on the other path:
// the hint closes it only where the function opened it, and no fix is
// offered.
package regression_sharedholder

import (
	"os"
	"os/exec"
)

func run(quiet bool) ([]byte, error) {
	var stdin *os.File
	var err error
	if quiet {
		stdin, err = os.Open(os.DevNull)
		if err != nil {
			return nil, err
		}
	} else {
		stdin = os.Stdin
	}
	cmd := exec.Command("bash", "-c", "env")
	cmd.Stdin = stdin
	return cmd.Output() // want `stdin is handed to the child but the parent does not close it after Output on some path: the parent keeps its copy of the descriptor open; close stdin right after Output on the paths where this function opened it, not where it holds os.Stdin$`
}

// Only ever the file it opened: the plain hint.
func runQuiet() ([]byte, error) {
	stdin, err := os.Open(os.DevNull)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("bash", "-c", "env")
	cmd.Stdin = stdin
	return cmd.Output() // want `stdin is handed to the child but the parent does not close it after Output on some path: the parent keeps its copy of the descriptor open; close stdin right after Output$`
}
