//go:build unix

package session

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"log/syslog"
	"net"
	"strings"
)

// OpenSyslog connects to the local system log (the /dev/log socket; on a
// systemd host that is the journal) for WithAudit: each event becomes one
// message, tagged tag, at facility authpriv and severity info. Authpriv is
// the facility that syslog daemons keep in a file that only root (and an
// administrators' group) can read (/var/log/auth.log, /var/log/secure). The
// messages are written by the daemon, as its own user, where the audited
// program's user cannot alter them. The writer reconnects by itself if the
// daemon restarts.
//
// For a remote collector, pass a writer from syslog.Dial to WithAudit.
func OpenSyslog(tag string) (io.WriteCloser, error) {
	return syslog.New(syslog.LOG_AUTHPRIV|syslog.LOG_INFO, tag)
}

// journalSocket is where systemd-journald takes native-protocol datagrams.
var journalSocket = "/run/systemd/journal/socket"

// OpenJournal connects to the systemd journal's native socket for
// WithAudit: each event becomes one journal entry whose MESSAGE is the
// event's JSON line, with SYSLOG_IDENTIFIER=identifier, PRIORITY=6 (info)
// and SYSLOG_FACILITY=10 (authpriv). journald stamps each entry with the
// sender's pid, uid and executable itself (_PID, _UID, _EXE), which the
// sender cannot forge. Read them back with
//
//	journalctl -t identifier -o cat
//
// Each entry is one datagram, so an event larger than the socket's buffer
// (about 200 KiB by default; an event is a few hundred bytes) fails and is
// reported as a failed delivery.
func OpenJournal(identifier string) (io.WriteCloser, error) {
	if strings.Contains(identifier, "\n") {
		return nil, fmt.Errorf("session: journal identifier %q holds a line end", identifier)
	}
	c, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: journalSocket, Net: "unixgram"})
	if err != nil {
		return nil, err
	}
	return &journalWriter{c: c, header: "SYSLOG_IDENTIFIER=" + identifier + "\nPRIORITY=6\nSYSLOG_FACILITY=10\n"}, nil
}

type journalWriter struct {
	c      *net.UnixConn
	header string
}

// Write sends p, without its line end, as the MESSAGE of one entry. The
// value is length-prefixed (the protocol's binary form), so any byte in it
// is carried as is.
func (j *journalWriter) Write(p []byte) (int, error) {
	msg := bytes.TrimRight(p, "\n")
	var b bytes.Buffer
	b.WriteString(j.header)
	b.WriteString("MESSAGE\n")
	binary.Write(&b, binary.LittleEndian, uint64(len(msg)))
	b.Write(msg)
	b.WriteByte('\n')
	if _, err := j.c.Write(b.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (j *journalWriter) Close() error { return j.c.Close() }
