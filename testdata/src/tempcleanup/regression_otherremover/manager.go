// Package regression_otherremover: a temp dir held in a field of a type
// that a method of another type removes ((*Manager).cleanup(r) removes
// r.tempDir) is released: the release is found across the package. A
// field that nothing removes is reported.
package regression_otherremover

import "os"

type run struct {
	tempDir string
	name    string
}

type Manager struct{ runs []*run }

func (m *Manager) start(name string) (*run, error) {
	dir, err := os.MkdirTemp("", "run-")
	if err != nil {
		return nil, err
	}
	r := &run{tempDir: dir, name: name}
	m.runs = append(m.runs, r)
	return r, nil
}

func (m *Manager) cleanup(r *run) error { return os.RemoveAll(r.tempDir) }

type job struct{ scratch string }

func newJob() (*job, error) {
	dir, err := os.MkdirTemp("", "job-")
	if err != nil {
		return nil, err
	}
	return &job{scratch: dir}, nil // want `field scratch holds a temp directory from os.MkdirTemp that no method of job removes`
}
