// Package regression_unwrittenclose pins a false positive: the error branch
// of Close on a temp file that nothing was written to. Such a Close has
// nothing to flush; a return on its failure is not a leak worth a finding
// in the default profile (strict reports it).
package regression_unwrittenclose

import "os"

func uniqueName() (string, error) {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return f.Name(), nil
}

func uniqueNameReassigned() (string, error) {
	f, err := os.CreateTemp("", "x")
	if err != nil {
		return "", err
	}
	name := f.Name()
	err = f.Close()
	if err != nil {
		return "", err
	}
	return name, nil
}

func written(data []byte) (string, error) {
	f, err := os.CreateTemp("", "x") // want `not removed on (every path|the returns? that leaks?)`
	if err != nil {
		return "", err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return "", err
	}
	if err := f.Close(); err != nil { // the written data may be lost: the error matters
		return "", err
	}
	return f.Name(), nil
}

func writtenWithMethod() (string, error) {
	f, err := os.CreateTemp("", "x") // want `not removed on (every path|the returns? that leaks?)`
	if err != nil {
		return "", err
	}
	f.WriteString("data")
	if err := f.Close(); err != nil {
		return "", err
	}
	return f.Name(), nil
}

func otherReturn(fail bool) (string, error) {
	f, err := os.CreateTemp("", "x") // want `not removed on (every path|the returns? that leaks?)`
	if err != nil {
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	if fail { // a path that has nothing to do with the Close
		return "", nil
	}
	return f.Name(), nil
}

func deferredClose() (string, error) {
	f, err := os.CreateTemp("", "x") // want `not removed on (every path|the returns? that leaks?)`
	if err != nil {
		return "", err
	}
	defer f.Close()
	if fail() {
		return "", nil
	}
	return f.Name(), nil
}

func fail() bool
