package main

import "os"

func main() {
	dir, err := os.MkdirTemp("", "x") // want `temp directory from os.MkdirTemp in package main is not removed when the program is interrupted \(SIGINT, SIGTERM\): create it with a session of github.com/tmplint/tmplint/shim/session \(session.Start, then its MkdirTemp or CreateTemp\), which cleans up on signals`
	if err != nil {
		return
	}
	defer os.RemoveAll(dir)
}
