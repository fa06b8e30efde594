package session

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// An AuditFinding is one thing VerifyAudit found.
type AuditFinding struct {
	Line    int // the line (from 1) of the input it is about; 0 if none
	Related int // another line involved: of the input, or of the anchors for anchor findings; 0 if none
	Stream  string
	Seq     uint64
	// Tamper is set when the finding shows that the input was altered:
	// a line removed, edited, moved, repeated or not an event. Other
	// findings are notes: a stream whose end is not in the input, events
	// the writer itself recorded as undelivered.
	Tamper  bool
	Message string
}

// An AuditHead is the last event of one stream in the input: its hash is
// what an external anchor must hold for the stream's end to be checked.
type AuditHead struct {
	Stream string
	Events int    // lines of the stream in the input
	Seq    uint64 // the highest seq
	Hash   string // AuditHash of that event
	Line   int
	Closed bool // the stream ends with its session's purge
}

// An AuditReport is the result of VerifyAudit.
type AuditReport struct {
	Events   int
	Heads    []AuditHead    // one per stream, in order of first appearance
	Findings []AuditFinding // in line order
}

// Intact reports whether no finding shows tampering.
func (r *AuditReport) Intact() bool {
	return !slices.ContainsFunc(r.Findings, func(f AuditFinding) bool { return f.Tamper })
}

// verifyEvent is what the verifier reads of an event.
type verifyEvent struct {
	Stream      string `json:"stream"`
	Seq         uint64 `json:"seq"`
	Prev        string `json:"prev"`
	Event       string `json:"event"`
	Kind        string `json:"kind"`
	ID          string `json:"id"`
	Why         string `json:"why"`
	CreateEvent string `json:"create_event"`
	Dropped     int64  `json:"dropped"`
}

type auditLine struct {
	line int
	hash string
	ev   verifyEvent
}

// maxAuditLine bounds one line of the input.
const maxAuditLine = 1 << 20

// VerifyAudit checks an audit stream as written by WithAudit, streams of
// concurrent writers interleaved in any order: within each stream, every
// event from seq 1 to the last present must be there, in order, each
// carrying the hash of the one before. A line that is removed, edited, moved
// or repeated within its stream is reported at its position.
//
// A writer killed while writing an event (kill -9, a crash) can leave the
// start of that event without its newline, with the next writer's line
// appended to it or at the end of the input. Such a torn event is
// reported as a note naming its stream and seq (when the written part is
// long enough to hold them), not as tampering, as long as nothing of its
// stream follows it: the killed writer's last event is lost, nothing else.
// A torn event followed by a later event of its stream, or a cut line that
// ends in a newline, is tampering.
//
// A chain cannot show that its end was cut: the last event of a stream, or
// whole streams, can be removed or the last event edited without a trace in
// the input alone. anchors, if not nil, is an independent copy of some
// events (the same stream as kept by the system log or a collector, or
// just the heads that VerifyAudit reported earlier, as event lines); every
// anchor event must be in the input unchanged. Lines in either that do not
// start with '{' are read from their first `{"`, so system log exports with a
// prefix (time, host, tag) can be given as they are.
func VerifyAudit(input, anchors io.Reader) (*AuditReport, error) {
	r := &AuditReport{}
	lines, bad, torn, err := readAuditLines(input)
	if err != nil {
		return nil, err
	}
	for _, n := range bad {
		r.add(AuditFinding{Line: n, Tamper: true, Message: "not a chained audit event: an edited, inserted or corrupted line"})
	}
	r.Events = len(lines)

	byStream := map[string][]*auditLine{}
	var order []string
	for _, l := range lines {
		if byStream[l.ev.Stream] == nil {
			order = append(order, l.ev.Stream)
		}
		byStream[l.ev.Stream] = append(byStream[l.ev.Stream], l)
	}
	// Purges as stale, by session id, to explain streams whose end is
	// missing because their process died.
	stale := map[string]int{}
	for _, l := range lines {
		if l.ev.Event == "purge" && l.ev.Kind == "session" && l.ev.Why == WhyStale {
			stale[l.ev.ID] = l.line
		}
	}
	seqIndex := map[string]map[uint64]*auditLine{}
	for _, id := range order {
		evs := byStream[id]
		head := r.checkStream(id, evs, stale)
		r.Heads = append(r.Heads, head)
		idx := make(map[uint64]*auditLine, len(evs))
		for _, l := range evs {
			if idx[l.ev.Seq] == nil {
				idx[l.ev.Seq] = l
			}
		}
		seqIndex[id] = idx
	}
	r.checkTorn(torn, byStream)
	r.checkCreateRefs(lines, seqIndex)
	if anchors != nil {
		if err := r.checkAnchors(anchors, seqIndex, byStream); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(r.Findings, func(a, b AuditFinding) int { return cmp.Compare(a.Line, b.Line) })
	return r, nil
}

func (r *AuditReport) add(f AuditFinding) { r.Findings = append(r.Findings, f) }

// events says "one" for n == 1, else "n many".
func events(n uint64, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// A tornEvent is the start of an event whose writer died while writing it
// (a write to a file cut by kill -9 at a page boundary): a prefix of an
// event line without its newline, to which the next writer's line was
// appended, or which ends the input.
type tornEvent struct {
	line   int
	size   int    // bytes of the event that were written
	stream string // "" when the written part is too short to name them
	seq    uint64
}

// eventStart begins every event line: json.Marshal escapes the quotes
// inside strings, so it cannot occur within an event.
var eventStart = []byte(`{"time":"`)

// tornHead reads the stream and seq from the written part of a torn event.
var tornHead = regexp.MustCompile(`^\{"time":"[^"]*","stream":"([^"]*)","seq":([0-9]+),`)

func parseEvent(text []byte, n int) (*auditLine, bool) {
	l := &auditLine{line: n, hash: AuditHash(text)}
	if json.Unmarshal(text, &l.ev) != nil || l.ev.Stream == "" || l.ev.Seq == 0 {
		return nil, false
	}
	return l, true
}

// readAuditLines parses every line of in; it returns the events, the
// numbers of the lines that are not chained events, and the torn events.
func readAuditLines(in io.Reader) (lines []*auditLine, bad []int, torn []tornEvent, err error) {
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, maxAuditLine)
	lastOpen := false // set as the split returns the input's last line, if it has no newline
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		adv, tok, err := bufio.ScanLines(data, atEOF)
		if tok != nil && atEOF && adv == len(data) && bytes.IndexByte(data, '\n') < 0 {
			lastOpen = true
		}
		return adv, tok, err
	})
	n := 0
	for sc.Scan() {
		n++
		text := bytes.TrimRight(sc.Bytes(), " \t\r")
		if len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		if text[0] != '{' {
			i := bytes.Index(text, []byte(`{"`))
			if i < 0 {
				bad = append(bad, n)
				continue
			}
			text = text[i:]
		}
		if l, ok := parseEvent(text, n); ok {
			lines = append(lines, l)
			continue
		}
		// Torn events: the line is one or more event starts cut short,
		// each followed by the next, the last one whole (or, at the end
		// of the input, cut short too). A writer killed within its first
		// bytes leaves fewer of them than eventStart holds: a start of
		// eventStart, then the next event.
		if !bytes.HasPrefix(text, eventStart) {
			i := bytes.Index(text, eventStart)
			if i <= 0 || !bytes.HasPrefix(eventStart, text[:i]) {
				bad = append(bad, n)
				continue
			}
		}
		var parts [][]byte
		for rest := text; len(rest) > 0; {
			i := bytes.Index(rest[1:], eventStart)
			if i < 0 {
				parts = append(parts, rest)
				break
			}
			parts = append(parts, rest[:i+1])
			rest = rest[i+1:]
		}
		for i, p := range parts {
			if l, ok := parseEvent(p, n); ok {
				lines = append(lines, l)
				continue
			}
			// Only the input's last line may end in a torn event: a
			// writer's newline is the last byte it writes.
			if i == len(parts)-1 && !lastOpen {
				bad = append(bad, n)
				continue
			}
			t := tornEvent{line: n, size: len(p)}
			if m := tornHead.FindSubmatch(p); m != nil {
				t.stream = string(m[1])
				t.seq, _ = strconv.ParseUint(string(m[2]), 10, 64)
			}
			torn = append(torn, t)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	return lines, bad, torn, nil
}

// checkStream checks one stream's events, given in input order.
func (r *AuditReport) checkStream(id string, evs []*auditLine, stale map[string]int) AuditHead {
	tamper := func(l *auditLine, related int, format string, args ...any) {
		r.add(AuditFinding{Line: l.line, Related: related, Stream: id, Seq: l.ev.Seq, Tamper: true, Message: fmt.Sprintf(format, args...)})
	}
	// Order in the input: one writer wrote them in seq order.
	for i := 1; i < len(evs); i++ {
		if a, b := evs[i-1], evs[i]; b.ev.Seq < a.ev.Seq {
			tamper(b, a.line, "seq %d comes after seq %d (line %d): lines of the stream were moved", b.ev.Seq, a.ev.Seq, a.line)
		}
	}
	sorted := slices.Clone(evs)
	slices.SortStableFunc(sorted, func(a, b *auditLine) int { return cmp.Compare(a.ev.Seq, b.ev.Seq) })

	// Missing events are owed an explanation: the failed deliveries that
	// the writer counted in later events (a write failure is counted by
	// the first event created after it is known, so the count may come
	// some events after the gap).
	type gapAt struct {
		l, prev *auditLine // prev is nil for the stream's start
		n, owed uint64
	}
	var gaps []*gapAt
	pay := func(credit int64) {
		for _, g := range gaps {
			if credit <= 0 {
				return
			}
			p := min(uint64(credit), g.owed)
			g.owed -= p
			credit -= int64(p)
		}
	}
	first := sorted[0]
	switch {
	case first.ev.Seq != 1:
		gaps = append(gaps, &gapAt{l: first, n: first.ev.Seq - 1, owed: first.ev.Seq - 1})
	case first.ev.Prev != "":
		tamper(first, 0, "seq 1 names a previous event: it is not the start of the stream")
	}
	var sessionID string
	closedAt := 0
	var prev *auditLine
	for _, l := range sorted {
		if l.ev.Kind == "session" && l.ev.Event == "create" && sessionID == "" {
			sessionID = l.ev.ID
		}
		if prev != nil {
			switch gap := l.ev.Seq - prev.ev.Seq - 1; {
			case l.ev.Seq == prev.ev.Seq && l.hash == prev.hash:
				tamper(l, prev.line, "repeats line %d", prev.line)
			case l.ev.Seq == prev.ev.Seq:
				tamper(l, prev.line, "seq %d is also on line %d with other content: one of them is forged", l.ev.Seq, prev.line)
			case gap == 0 && l.ev.Prev != prev.hash:
				tamper(prev, l.line, "seq %d does not hash to the prev recorded by seq %d (line %d): this line, or that line's prev, was altered", prev.ev.Seq, l.ev.Seq, l.line)
			case gap > 0:
				gaps = append(gaps, &gapAt{l: l, prev: prev, n: gap, owed: gap})
			}
		}
		if prev == nil || l.ev.Seq != prev.ev.Seq {
			pay(l.ev.Dropped)
		}
		if closedAt != 0 && l.ev.Seq != prev.ev.Seq {
			tamper(l, closedAt, "event after the session's purge (line %d), which ends the stream", closedAt)
		}
		if l.ev.Event == "purge" && l.ev.Kind == "session" && l.ev.ID == sessionID && closedAt == 0 {
			closedAt = l.line
		}
		prev = l
	}
	for _, g := range gaps {
		switch {
		case g.owed == 0:
			r.add(AuditFinding{Line: g.l.line, Stream: id, Seq: g.l.ev.Seq, Message: fmt.Sprintf("%s not in the input, and the writer counted as many failed deliveries (a blocked or failing sink): that explains it, unless this copy's sink was not the one that failed", events(g.n, "the event before this line is", "events before this line are"))})
		case g.prev == nil:
			tamper(g.l, 0, "the stream begins at seq %d: %s missing (removed, or written before this file began)", g.l.ev.Seq, events(g.n, "an earlier event is", "earlier events are"))
		default:
			tamper(g.l, g.prev.line, "%s missing between seq %d (line %d) and seq %d: removed", events(g.n, "an event of the stream is", "events of the stream are"), g.prev.ev.Seq, g.prev.line, g.l.ev.Seq)
		}
	}
	last := sorted[len(sorted)-1]
	head := AuditHead{Stream: id, Events: len(evs), Seq: last.ev.Seq, Hash: last.hash, Line: last.line, Closed: closedAt != 0}
	if !head.Closed {
		msg := "the stream ends here without its session's purge: the session is running, its process died, or the end of the stream was removed (only an anchor can tell)"
		if n, ok := stale[sessionID]; ok && sessionID != "" {
			msg = fmt.Sprintf("the stream ends here without its session's purge: its process died (line %d purged the session as stale), or the end of the stream was removed (only an anchor can tell)", n)
		}
		r.add(AuditFinding{Line: last.line, Stream: id, Seq: last.ev.Seq, Message: msg})
	}
	return head
}

// checkTorn reports the torn events: the start of an event whose writer
// died while writing it. A process killed in a write to a file loses the
// rest of that event; it writes nothing after it. So a torn event is a
// note when nothing of its stream follows it, and tampering when a later
// event of its stream does (its writer lived on: the line was edited).
func (r *AuditReport) checkTorn(torn []tornEvent, byStream map[string][]*auditLine) {
	for _, t := range torn {
		if t.stream == "" {
			r.add(AuditFinding{Line: t.line, Message: fmt.Sprintf("torn event: only its first %d bytes were written, too few to name its stream; its writer died while writing it (kill -9, a crash), or is writing it now", t.size)})
			continue
		}
		var later *auditLine
		for _, l := range byStream[t.stream] {
			if l.ev.Seq >= t.seq && (later == nil || l.ev.Seq > later.ev.Seq) {
				later = l
			}
		}
		if later != nil {
			r.add(AuditFinding{Line: t.line, Related: later.line, Stream: t.stream, Seq: t.seq, Tamper: true,
				Message: fmt.Sprintf("torn event, but seq %d of its stream follows (line %d): its writer did not die while writing it, so the line was altered", later.ev.Seq, later.line)})
			continue
		}
		r.add(AuditFinding{Line: t.line, Stream: t.stream, Seq: t.seq,
			Message: fmt.Sprintf("torn event: only its first %d bytes were written; its writer died while writing it (kill -9, a crash), or is writing it now, and the event is lost", t.size)})
	}
}

// checkCreateRefs checks that each purge's create_event, where that stream
// is in the input, names the create event of the same object.
func (r *AuditReport) checkCreateRefs(lines []*auditLine, seqIndex map[string]map[uint64]*auditLine) {
	for _, l := range lines {
		if l.ev.CreateEvent == "" {
			continue
		}
		stream, seqText, ok := strings.Cut(l.ev.CreateEvent, ":")
		seq, err := strconv.ParseUint(seqText, 10, 64)
		if !ok || err != nil {
			r.add(AuditFinding{Line: l.line, Stream: l.ev.Stream, Seq: l.ev.Seq, Tamper: true, Message: fmt.Sprintf("create_event %q is not an event id", l.ev.CreateEvent)})
			continue
		}
		idx := seqIndex[stream]
		if idx == nil {
			continue // the create event is in another file
		}
		c := idx[seq]
		if c == nil {
			continue // reported as missing
		}
		if c.ev.Event != "create" || c.ev.Kind != l.ev.Kind || c.ev.ID != l.ev.ID {
			r.add(AuditFinding{Line: l.line, Related: c.line, Stream: l.ev.Stream, Seq: l.ev.Seq, Tamper: true, Message: fmt.Sprintf("the purge of %s %s refers to line %d, which is not its create event", l.ev.Kind, l.ev.ID, c.line)})
		}
	}
}

// checkAnchors checks that every anchor event is in the input unchanged.
func (r *AuditReport) checkAnchors(anchors io.Reader, seqIndex map[string]map[uint64]*auditLine, byStream map[string][]*auditLine) error {
	as, _, _, err := readAuditLines(anchors)
	if err != nil {
		return fmt.Errorf("anchors: %w", err)
	}
	for _, a := range as {
		l := seqIndex[a.ev.Stream][a.ev.Seq]
		switch {
		case l == nil:
			after := 0
			if evs := byStream[a.ev.Stream]; len(evs) > 0 {
				after = evs[len(evs)-1].line
			}
			r.add(AuditFinding{Line: after, Related: a.line, Stream: a.ev.Stream, Seq: a.ev.Seq, Tamper: true,
				Message: fmt.Sprintf("seq %d of the stream, anchored at line %d of the anchors, is not in the input: removed (the end of the stream was cut?)", a.ev.Seq, a.line)})
		case l.hash != a.hash:
			r.add(AuditFinding{Line: l.line, Related: a.line, Stream: a.ev.Stream, Seq: a.ev.Seq, Tamper: true,
				Message: fmt.Sprintf("differs from the anchor at line %d of the anchors: altered", a.line)})
		}
	}
	return nil
}
