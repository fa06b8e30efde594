// Package fsmode is a stub of the shim for analysistest packages.
package fsmode

import "os"

func Create(name string, perm os.FileMode) (*os.File, error)             { return nil, nil }
func CreateTemp(dir, pattern string, perm os.FileMode) (*os.File, error) { return nil, nil }
func MkdirTemp(dir, pattern string, perm os.FileMode) (string, error)    { return "", nil }
func WriteFile(name string, data []byte, perm os.FileMode) error         { return nil }
func Mkdir(name string, perm os.FileMode) error                          { return nil }
func MkdirAll(name string, perm os.FileMode) error                       { return nil }
func OpenFile(name string, flag int, perm os.FileMode) (*os.File, error) { return nil, nil }
