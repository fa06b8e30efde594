package loop

import "os"

func reassigned(n int) {
	var dir string
	var err error
	for i := 0; i < n; i++ {
		dir, err = os.MkdirTemp("", "x") // want `temp directory dir from os.MkdirTemp is created again in the loop before the previous one is removed`
		if err != nil {
			return
		}
	}
	os.RemoveAll(dir)
}

func removedEachIteration(n int) {
	for i := 0; i < n; i++ {
		dir, err := os.MkdirTemp("", "x")
		if err != nil {
			return
		}
		os.RemoveAll(dir)
	}
}

func deferredEachIteration(n int) {
	for i := 0; i < n; i++ {
		f, err := os.CreateTemp("", "x")
		if err != nil {
			return
		}
		defer os.Remove(f.Name())
	}
}

func collected(n int) []string {
	var dirs []string
	for i := 0; i < n; i++ {
		dir, err := os.MkdirTemp("", "x")
		if err != nil {
			return dirs
		}
		dirs = append(dirs, dir)
	}
	return dirs
}
