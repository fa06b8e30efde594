// Package regression_testobjprodtype: a temp dir a test stores in a field
// of a production type that no method removes is the test's to remove:
// the hint is not to add a removal method to the production type. The
// same store in production code keeps that hint.
package regression_testobjprodtype

import "os"

type server struct {
	root string
	logs string
}

func newServer() (*server, error) {
	s := &server{}
	var err error
	s.logs, err = os.MkdirTemp("", "logs-") // want `field logs holds a temp directory from os.MkdirTemp that no method of server removes, so it stays on disk: remove it in a Close or cleanup method of server$`
	if err != nil {
		return nil, err
	}
	return s, nil
}
