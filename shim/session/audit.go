package session

import (
	"encoding/json"
	"os"
	"sync"
	"time"

	"github.com/tmplint/tmplint/shim/fsmode"
)

// An Event is one line of the audit stream.
type Event struct {
	Time       time.Time  `json:"time"`
	Event      string     `json:"event"` // "create" or "purge"
	Kind       string     `json:"kind"`  // "session", "transient" or "handoff"
	ID         string     `json:"id"`
	Path       string     `json:"path"`
	TTLSeconds int64      `json:"ttl_seconds,omitempty"`
	Expires    *time.Time `json:"expires,omitempty"`
	Why        string     `json:"why,omitempty"` // purge only: exit, signal, stale, ttl, removed
	PID        int        `json:"pid"`           // the process writing the event
	UID        int        `json:"uid"`
	OwnerPID   int        `json:"owner_pid,omitempty"` // stale purges: the dead owner
	Program    string     `json:"program,omitempty"`
}

// OpenAuditFile opens (creating it, mode 0600 exactly) an append-only audit
// file for WithAudit. Each event is one write of one line, so events from
// concurrent processes do not interleave.
func OpenAuditFile(path string) (*os.File, error) {
	return fsmode.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
}

var auditMu sync.Mutex

func (s *Session) audit(e Event) {
	if e.Program == "" {
		e.Program = s.program
	}
	writeAudit(s.cfg, e)
}

func writeAudit(cfg config, e Event) {
	if cfg.audit == nil {
		return
	}
	e.Time = cfg.now().UTC()
	e.PID = os.Getpid()
	e.UID = os.Getuid()
	b, err := json.Marshal(e)
	if err != nil {
		return
	}
	auditMu.Lock()
	defer auditMu.Unlock()
	cfg.audit.Write(append(b, '\n'))
}
