// Package createtempname pins a false positive found in io/ioutil and os
// tests: os.WriteFile(f.Name(), data, 0o644) on the file os.CreateTemp
// made does not create it, so the mode is unused and the file keeps 0600.
package createtempname

import "os"

func f(data []byte) error {
	f, err := os.CreateTemp("", "x-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	name := f.Name()
	if err := os.WriteFile(name, data, 0o644); err != nil { // ok: the file exists
		return err
	}
	os.OpenFile(f.Name(), os.O_RDWR|os.O_CREATE, 0o644) // ok
	os.WriteFile(name+".bak", data, 0o644)              // want `os.WriteFile in shared temp dir with mode 0o644`
	return os.Chmod(name, 0o644)                        // want `os.Chmod to mode 0o644 in shared temp dir`
}
