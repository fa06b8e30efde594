// Package session gives a program one private temp directory per run that is
// always cleaned up.
//
// A session directory (mode 0700) lives under a per-program base in the
// system temp dir; files and directories created through the session are
// 0600 and 0700 exactly, whatever the umask. The session is removed
//
//   - when the program calls Close (or returns from Main),
//   - when the process gets SIGINT, SIGTERM or SIGHUP — after which the
//     signal is raised again so the process dies of it as it would have
//     (unless the program said it handles that signal, with HandleSignals,
//     or the signal does not end the process: see Signals ignored at start),
//   - and, when the process died without doing either (kill -9, a crash),
//     by the next program using this package that starts a session: each
//     session's owner holds an advisory lock (flock) on a lock file next to
//     the directory for as long as it lives, so a session is pruned only when
//     its lock is free — a reused pid cannot keep it alive or get it killed.
//
// Files handed to a caller that outlive the run go through Handoff, which
// moves them out of the session and returns a Cleanup that marshals to the
// {"command": "rm -f '…'", "auto_cleanup_after_seconds": N} object agent
// frameworks expect; they are pruned after their TTL. Transient directories
// are purged when their TTL expires. With WithAudit, every creation and purge
// is written as one JSON line to an append-only sink.
//
// Typical use:
//
//	func main() {
//		session.Main("mytool", func(s *session.Session) int {
//			f, err := s.CreateTemp("out-*.json")
//			...
//			return 0
//		})
//	}
//
// # Signals ignored at start
//
// A session catches only the termination signals that would end the
// process. A program started with SIGHUP or SIGINT ignored — under nohup,
// as a background job of a shell script, by a supervisor — keeps them
// ignored (the Go runtime honours an inherited SIG_IGN for these two), so
// the session leaves them alone: the signal is discarded, the program and
// its session carry on, and a later SIGTERM, Close or the next program's
// pruning still removes the session. SIGTERM is always caught: the Go
// runtime does not keep an inherited SIG_IGN for it, so the process dies of
// it either way, and the session is removed first. A signal the program
// itself ignores (signal.Ignore) before starting the session is left alone
// too.
package session
