package session

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/tmplint/tmplint/shim/fsmode"
	"github.com/tmplint/tmplint/shim/internal/layout"
)

// An Event is one line of the audit stream.
//
// Every session writes its events as one stream: Stream names it, Seq counts
// its events from 1, and Prev is the hash (AuditHash) of the stream's
// previous line, empty for the first. The chain lets VerifyAudit find a line
// that was removed, edited or moved within the stream; see the package
// documentation for what it can and cannot show.
type Event struct {
	Time        time.Time       `json:"time"`
	Stream      string          `json:"stream"`
	Seq         uint64          `json:"seq"`
	Event       string          `json:"event"` // "create" or "purge"
	Kind        string          `json:"kind"`  // "session", "transient" or "handoff"
	ID          string          `json:"id"`
	Path        string          `json:"path"`
	TTLSeconds  int64           `json:"ttl_seconds,omitempty"`
	Expires     *time.Time      `json:"expires,omitempty"`
	Auth        []Authorization `json:"auth,omitempty"`         // create only: who allowed it, under which policy
	Why         string          `json:"why,omitempty"`          // purge only: exit, signal, stale, ttl, removed
	CreateEvent string          `json:"create_event,omitempty"` // purge only: the EventID of the create event, when known
	PID         int             `json:"pid"`                    // the process writing the event
	UID         int             `json:"uid"`
	OwnerPID    int             `json:"owner_pid,omitempty"` // stale purges: the dead owner
	Program     string          `json:"program,omitempty"`
	Dropped     int64           `json:"dropped,omitempty"` // failed deliveries of earlier events of the stream (full queue, failed Write), not counted by an earlier event
	Prev        string          `json:"prev,omitempty"`    // AuditHash of the stream's previous line; empty at seq 1
}

// EventID returns the event's id, "stream:seq", as referred to by a purge
// event's CreateEvent.
func (e *Event) EventID() string {
	return e.Stream + ":" + strconv.FormatUint(e.Seq, 10)
}

// An Authorization says why a transient directory or handoff was allowed
// and who allowed it. Transient and Handoff write it into the create event.
type Authorization struct {
	Reason    string `json:"reason,omitempty"`    // the rule that allows it: "policy allow_write: scratch"
	Authority string `json:"authority,omitempty"` // who granted it: a ticket, an approver, a request id
}

// Authorized returns an Authorization for Transient and Handoff.
func Authorized(reason, authority string) Authorization {
	return Authorization{Reason: reason, Authority: authority}
}

// MaxEventBytes bounds the size of one audit event's line, its newline
// included. An event that would be longer has its longest text fields cut,
// each ending in a marker "...[cut N bytes]" that says how much was cut
// (and, with many authorizations, the last ones replaced by one saying
// "[cut N authorizations]"). At this size a line is one atomic write to a
// pipe (PIPE_BUF on Linux), fits the system log's message limits, and a
// process killed while writing it to a file can tear only its own event:
// see VerifyAudit on torn events.
const MaxEventBytes = 4096

// cutMarker ends a text field that was cut to bound the event's size.
const cutMarker = "...[cut %d bytes]"

// fitEvent cuts e's text fields until its line fits MaxEventBytes, and
// returns its JSON text. The Auth slice is copied before it is changed.
func fitEvent(e *Event) []byte {
	e.Auth = append([]Authorization(nil), e.Auth...)
	cutAuths := 0
	for {
		b, _ := json.Marshal(e)
		excess := len(b) + 1 - MaxEventBytes
		if excess <= 0 {
			return b
		}
		fields := []*string{&e.Path, &e.Program, &e.ID, &e.Event, &e.Kind, &e.Why, &e.CreateEvent}
		for i := range e.Auth {
			fields = append(fields, &e.Auth[i].Reason, &e.Auth[i].Authority)
		}
		longest := fields[0]
		for _, f := range fields[1:] {
			if len(*f) > len(*longest) {
				longest = f
			}
		}
		const keep = 64
		switch {
		case len(*longest) > keep+len(cutMarker)+8:
			n := max(keep, len(*longest)-excess-len(cutMarker)-8)
			*longest = cutText(*longest, n)
		case len(e.Auth) > 1:
			// Many short authorizations: replace the last ones by a
			// count.
			if cutAuths > 0 {
				e.Auth = e.Auth[:len(e.Auth)-1]
			}
			cutAuths++
			e.Auth[len(e.Auth)-1] = Authorization{Reason: fmt.Sprintf("[cut %d authorizations]", cutAuths)}
		default:
			return b // cannot happen: the fixed fields are far below the bound
		}
	}
}

// cutText keeps the first n bytes of s (fewer, to end on a whole UTF-8
// character) and appends the cut marker.
func cutText(s string, n int) string {
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + fmt.Sprintf(cutMarker, len(s)-n)
}

// AuditHash returns the hash that the next event of the same stream carries
// as Prev: the lower-case hex SHA-256 of the line's JSON text, without the
// line end.
func AuditHash(line []byte) string {
	h := sha256.Sum256(line)
	return hex.EncodeToString(h[:])
}

// OpenAuditFile opens (creating it, mode 0600 exactly) an append-only audit
// file for WithAudit. Each event is one write of one line, so events from
// concurrent processes do not interleave within a line (on a local file
// system; see the package documentation for network file systems).
//
// Opening never waits: a FIFO at path that no process has open for reading
// is an error at once (on Unix, ENXIO), not an open that blocks until a
// reader comes. The file is opened non-blocking, which only matters for a
// FIFO, and then set back to blocking for the sink's writes.
func OpenAuditFile(path string) (*os.File, error) {
	f, err := fsmode.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|oNonblock, 0o600)
	if err != nil {
		if isNoReader(err) {
			err = fmt.Errorf("%w (a FIFO with no reader: the audit trail does not wait for one)", err)
		}
		return nil, err
	}
	return setBlocking(f)
}

// auditFlushTimeout bounds how long Close waits for the session's events to
// reach its sinks.
const auditFlushTimeout = 2 * time.Second

// An auditStream is one session's chain of events. Its events are hashed and
// queued under mu, in order, and written to every sink by the sinks' own
// goroutines, so that a slow or failing sink never holds up the program.
type auditStream struct {
	id      string
	sinks   []*auditSink
	onError func(error)

	mu     sync.Mutex
	seq    uint64
	prev   string
	lost   int64 // deliveries that failed since the last event that counted them
	closed bool

	pendMu  sync.Mutex
	pending int
	idle    chan struct{} // closed when pending drops to zero
}

func newAuditStream(cfg config) *auditStream {
	if len(cfg.audit) == 0 {
		return nil
	}
	st := &auditStream{id: layout.NewID(), onError: cfg.auditErr}
	if st.onError == nil {
		st.onError = func(err error) { fmt.Fprintln(os.Stderr, err) }
	}
	for _, w := range cfg.audit {
		st.sinks = append(st.sinks, acquireSink(w))
	}
	return st
}

// emit stamps e with the writer's identity, chains it to the stream and
// queues it for every sink without waiting. It returns the event's id.
func (st *auditStream) emit(cfg config, e Event) string {
	if st == nil {
		return ""
	}
	e.PID = os.Getpid()
	e.UID = os.Getuid()
	e.Stream = st.id

	full, id := st.chain(cfg, e)
	// Reported outside st.mu, so that a callback that writes an event of
	// its own does not deadlock.
	for _, k := range full {
		k.fail(st, fmt.Errorf("session: audit sink %T: queue full (the sink is blocked or too slow); events are dropped and counted in the next event's dropped field", k.w))
	}
	return id
}

// chain stamps, numbers and links e to the previous event, and queues it;
// it returns the sinks whose queue was full. (Stamped under st.mu, so that
// times do not go back within a stream.)
func (st *auditStream) chain(cfg config, e Event) (full []*auditSink, id string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.closed {
		return nil, ""
	}
	e.Time = cfg.now().UTC()
	e.Seq = st.seq + 1
	e.Prev = st.prev
	e.Dropped = st.lost
	b, err := json.Marshal(e)
	if err != nil {
		return nil, "" // cannot happen: every field marshals
	}
	if len(b)+1 > MaxEventBytes {
		b = fitEvent(&e)
	}
	st.seq, st.prev, st.lost = e.Seq, AuditHash(b), 0
	line := append(b, '\n')
	for _, k := range st.sinks {
		st.addPending(1)
		if !k.enqueue(auditItem{line: line, st: st}) {
			st.lost++
			st.addPending(-1)
			full = append(full, k)
		}
	}
	return full, e.EventID()
}

// addLost counts a delivery that failed after its event was queued; the
// next event of the stream records it.
func (st *auditStream) addLost() {
	st.mu.Lock()
	st.lost++
	st.mu.Unlock()
}

func (st *auditStream) addPending(n int) {
	st.pendMu.Lock()
	defer st.pendMu.Unlock()
	st.pending += n
	if st.pending == 0 && st.idle != nil {
		close(st.idle)
		st.idle = nil
	}
}

// close waits until deadline at most for the stream's events to be
// written, then releases the sinks. Events still queued are written later if
// the sink recovers; a sink that stays blocked is reported.
func (st *auditStream) close(deadline time.Time) {
	if st == nil {
		return
	}
	st.mu.Lock()
	st.closed = true
	st.mu.Unlock()
	if n := st.wait(deadline); n > 0 {
		st.report(fmt.Errorf("session: audit stream %s: %d event deliveries still pending when the session closed (a sink is blocked); it closed without them", st.id, n))
	}
	for _, k := range st.sinks {
		k.release()
	}
}

// wait waits until deadline at most for every queued event to be written;
// it returns how many deliveries are still pending.
func (st *auditStream) wait(deadline time.Time) int {
	if st == nil {
		return 0
	}
	st.pendMu.Lock()
	if st.pending == 0 {
		st.pendMu.Unlock()
		return 0
	}
	if st.idle == nil {
		st.idle = make(chan struct{})
	}
	idle := st.idle
	st.pendMu.Unlock()
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case <-idle:
		return 0
	case <-t.C:
		st.pendMu.Lock()
		defer st.pendMu.Unlock()
		return st.pending
	}
}

// report calls the error callback, which must not take the program down.
func (st *auditStream) report(err error) {
	defer func() { recover() }()
	st.onError(err)
}

// audit writes e to the session's stream and returns the event's id.
func (s *Session) audit(e Event) string {
	if e.Program == "" {
		e.Program = s.program
	}
	return s.cfg.stream.emit(s.cfg, e)
}

func writeAudit(cfg config, e Event) {
	cfg.stream.emit(cfg, e)
}
