// Package lib takes the paths of the files it creates in the fields of
// its configuration types.
package lib

import "os"

// Logger appends to Filename, creating it.
type Logger struct { // want Filename:"createsField.os.OpenFile."
	Filename string
	Prefix   string
	f        *os.File
}

// Write writes p.
func (l *Logger) Write(p []byte) (int, error) {
	if l.f == nil {
		f, err := os.OpenFile(l.Filename, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return 0, err
		}
		l.f = f
	}
	return l.f.Write(p)
}

// Rotator creates the file its filename method names: Filename, or a
// default.
type Rotator struct { // want Path:"createsField.os.Create."
	Path   string
	Input  string
	output *os.File
}

func (r *Rotator) filename() string {
	if r.Path != "" {
		return r.Path
	}
	return os.TempDir() + "/rotator.log"
}

// Open opens the output, and reads the input.
func (r *Rotator) Open() error {
	f, err := os.Create(r.filename())
	if err != nil {
		return err
	}
	r.output = f
	in, err := os.Open(r.Input) // read only: no fact for Input
	if err != nil {
		return err
	}
	return in.Close()
}
