//go:build !unix

package session

import (
	"errors"
	"io"
)

var errNoSyslog = errors.New("session: no system log on this platform; pass another io.Writer to WithAudit")

// OpenSyslog connects to the local system log; see the Unix documentation.
// Here there is none, and it returns an error.
func OpenSyslog(tag string) (io.WriteCloser, error) { return nil, errNoSyslog }

// OpenJournal connects to the systemd journal; see the Unix documentation.
// Here there is none, and it returns an error.
func OpenJournal(identifier string) (io.WriteCloser, error) { return nil, errNoSyslog }
