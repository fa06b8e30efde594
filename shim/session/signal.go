package session

import (
	"os"
	"os/signal"
	"slices"
	"sync"
	"sync/atomic"
)

// The signal registry: one goroutine catches the termination signals for
// every live session of the process.
var sigs struct {
	mu       sync.Mutex
	sessions map[*Session]struct{}
	ch       chan os.Signal
	caught   []os.Signal
	dying    atomic.Bool // a caught signal is being handled: the process is about to die of it
}

// signalPending reports whether a caught termination signal is being
// handled, so the process is about to die of it.
func signalPending() bool { return sigs.dying.Load() }

func register(s *Session) {
	sigs.mu.Lock()
	defer sigs.mu.Unlock()
	if sigs.sessions == nil {
		sigs.sessions = make(map[*Session]struct{})
	}
	sigs.sessions[s] = struct{}{}
	renotify()
}

func unregister(s *Session) {
	sigs.mu.Lock()
	defer sigs.mu.Unlock()
	delete(sigs.sessions, s)
	renotify()
}

// renotify (under sigs.mu) catches the termination signals that would end
// the process, or stops catching when no session is live. A signal would
// end the process unless a live session's program handles it itself
// (HandleSignals) or it is ignored (signal.Ignored): because the program
// started with it ignored and the Go runtime keeps that — SIGHUP under
// nohup, SIGINT in a background job of a shell script — or because the
// program ignores it (signal.Ignore). Catching such a signal would turn a
// signal the process survives into the end of its session, and re-raising
// it would not even end the process. The runtime keeps an inherited
// SIG_IGN only for SIGHUP and SIGINT: a Go program started with SIGTERM
// ignored still dies of SIGTERM, so Ignored reports false for it and the
// session catches it, to clean up first.
func renotify() {
	var want []os.Signal
	if len(sigs.sessions) > 0 {
	next:
		for _, sig := range terminationSignals {
			if signal.Ignored(sig) {
				continue
			}
			for s := range sigs.sessions {
				if slices.Contains(s.cfg.handled, sig) {
					continue next
				}
			}
			want = append(want, sig)
		}
	}
	if slices.Equal(want, sigs.caught) {
		return
	}
	if sigs.ch != nil {
		signal.Stop(sigs.ch)
		close(sigs.ch)
		sigs.ch = nil
	}
	sigs.caught = want
	if len(want) == 0 {
		return
	}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, want...)
	sigs.ch = ch
	go func() {
		for sig := range ch {
			onSignal(sig)
		}
	}()
}

// onSignal purges every live session, then lets the signal do what it would
// have done without us.
func onSignal(sig os.Signal) {
	sigs.dying.Store(true)
	sigs.mu.Lock()
	live := make([]*Session, 0, len(sigs.sessions))
	for s := range sigs.sessions {
		live = append(live, s)
	}
	sigs.mu.Unlock()
	for _, s := range live {
		s.purge(WhySignal)
	}
	reraise(sig)
}
