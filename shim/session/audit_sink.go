package session

import (
	"fmt"
	"io"
	"reflect"
	"sync"
	"sync/atomic"
)

// auditQueueLen bounds the events waiting for one sink. When a sink is
// blocked (a full pipe nobody reads) or slower than the program, further
// events for it are dropped, not waited for, and the next event of each
// affected stream counts them in its Dropped field.
const auditQueueLen = 1024

type auditItem struct {
	line []byte // nil: a wake-up after the last release
	st   *auditStream
}

// An auditSink is one io.Writer given to WithAudit, shared by every session
// of the process that writes to it: one goroutine writes its lines in order,
// one Write per line, so writers need not be safe for concurrent use.
type auditSink struct {
	w        io.Writer
	key      any
	queue    chan auditItem
	refs     int // under sinksMu
	reported atomic.Bool
}

var (
	sinksMu sync.Mutex
	sinks   = map[any]*auditSink{}
)

// acquireSink returns the process's sink for w, starting it if needed.
// Writers of a type that cannot be a map key get a sink of their own.
func acquireSink(w io.Writer) *auditSink {
	var key any = w
	if t := reflect.TypeOf(w); t == nil || !t.Comparable() {
		key = new(byte)
	}
	sinksMu.Lock()
	defer sinksMu.Unlock()
	k := sinks[key]
	if k == nil {
		k = &auditSink{w: w, key: key, queue: make(chan auditItem, auditQueueLen)}
		sinks[key] = k
		go k.run()
	}
	k.refs++
	return k
}

// release drops a session's reference; the goroutine ends once no session
// uses the sink and its queue is empty.
func (k *auditSink) release() {
	sinksMu.Lock()
	defer sinksMu.Unlock()
	k.refs--
	if k.refs == 0 {
		select {
		case k.queue <- auditItem{}:
		default: // the goroutine is busy with a full queue and will see refs == 0
		}
	}
}

// enqueue queues a line without waiting; it reports whether there was room.
func (k *auditSink) enqueue(it auditItem) bool {
	select {
	case k.queue <- it:
		return true
	default:
		return false
	}
}

func (k *auditSink) run() {
	for it := range k.queue {
		if it.line != nil {
			k.write(it)
		}
		sinksMu.Lock()
		if k.refs == 0 && len(k.queue) == 0 {
			delete(sinks, k.key)
			sinksMu.Unlock()
			return
		}
		sinksMu.Unlock()
	}
}

func (k *auditSink) write(it auditItem) {
	err := func() (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic in Write: %v", r)
			}
		}()
		n, err := k.w.Write(it.line)
		if err == nil && n < len(it.line) {
			err = io.ErrShortWrite
		}
		return err
	}()
	if err != nil {
		it.st.addLost()
		k.fail(it.st, fmt.Errorf("session: audit sink %T: %w", k.w, err))
	}
	it.st.addPending(-1)
}

// fail reports the sink's first failure through the stream's error
// callback; later failures of the same sink are only counted.
func (k *auditSink) fail(st *auditStream, err error) {
	if k.reported.CompareAndSwap(false, true) {
		st.report(fmt.Errorf("%w (further failures of this sink are counted in the events, not reported)", err))
	}
}
