// Package session gives a program one private temp directory per run that is
// always cleaned up.
//
// A session directory (mode 0700) lives under a per-program base in the
// system temp dir (see Where sessions live); files and directories created
// through the session — CreateTemp, Create, WriteFile, MkdirTemp,
// Transient, and Create and WriteFile of a Transient — are 0600 and 0700
// exactly, whatever the umask. That promise covers only these creators: a
// file the program makes itself in the session directory (os.WriteFile,
// os.Create) gets the mode it asks for minus the umask, 0666 under umask
// 000, and is then private only as long as the directory stays 0700. Use
// the session's Create and WriteFile for files whose own mode must be
// private. The session is removed
//
//   - when the program calls Close (or returns from Main),
//   - when the process gets SIGINT, SIGTERM or SIGHUP — after which the
//     signal is raised again so the process dies of it as it would have
//     (unless the program said it handles that signal, with HandleSignals,
//     or the signal does not end the process: see Signals ignored at start),
//   - and, when the process died without doing either (kill -9, a crash),
//     by the next program using this package that starts a session: each
//     session's owner holds, for as long as it lives, a shared BSD lock
//     (flock LOCK_SH) on the session directory itself and an exclusive one
//     on a lock file next to it (which holds the session's pid, TTL and
//     audit reference); a session is pruned only when both are free — a
//     reused pid cannot keep it alive or get it killed.
//
// The lock on the directory is the convention systemd-tmpfiles honours: its
// aging (the 10-day rule many distributions put on /tmp) skips a directory
// it cannot lock, and everything below it, so a live session is never aged
// away, however old its files. Such a cleaner may still remove the lock file
// beside the directory; the session is then kept while its owner lives
// (its directory lock says so), and once the owner is gone it is pruned
// when it has been untouched for 10 minutes, its TTL no longer known.
//
// Files handed to a caller that outlive the run go through Handoff, which
// moves them out of the session and returns a Cleanup that marshals to the
// {"command": "rm -f '…'", "auto_cleanup_after_seconds": N} object agent
// frameworks expect; they are removed once their TTL has passed: by the
// session itself while it is open and at Close, and after Close by the next
// start of any program using this package (or tmplint sweep). Transient directories
// are purged when their TTL expires. With WithAudit, every creation and purge
// is written as one JSON line to each audit sink (see Audit below).
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
// # Where sessions live
//
// Every session of a user lives under one per-user root, mode 0700, in a
// per-program base (the program's name) as session-<id>:
//
//   - $XDG_RUNTIME_DIR/tmplint-<uid> when $XDG_RUNTIME_DIR is set to an
//     absolute path of a directory of the user's that no one else may enter
//     (systemd's /run/user/<uid>): no other user can create anything there.
//   - Otherwise $TMPDIR/tmplint-<uid> (os.TempDir). In a shared temp dir
//     (/tmp, mode 1777) anyone can create that name first. A name taken by
//     another user — a directory of theirs, a symbolic link, a file — is
//     never used or followed; the session starts in a fallback root,
//     $TMPDIR/tmplint-<uid>-<id> with 128 random bits, which no one can
//     create ahead of time. Later starts use the user's fallback root
//     found there (a directory owned by the user, never another's), and
//     every start prunes the stale sessions of the usual root and of every
//     fallback root of the user in the same directory.
//   - WithTempDir(dir) puts the root in dir instead, with the same rules.
//
// tmplint sweep finds sessions left in the usual and the fallback roots
// under its base (by default the temp dir; for sessions in the runtime dir,
// tmplint sweep "$XDG_RUNTIME_DIR").
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
//
// # Audit
//
// With WithAudit, each session writes one stream of events: its own
// creation and purge, each transient directory's and handoff's creation
// (with its path, TTL, expiry and the Authorizations given to Transient or
// Handoff) and purge (why, and the id of the create event it ends), and the
// stale sessions and expired handoffs it prunes. Every event carries the
// writer's pid and uid, the stream's id, its number in the stream (seq, from
// 1) and the SHA-256 of the stream's previous line (prev; none at seq 1).
// Sessions of concurrent processes appending to one file each write their
// own stream, so their lines may interleave in any order without breaking
// any chain. One chain for the whole file would need its writers to agree
// on the last line: a lock that a stuck or malicious process could hold
// forever, and that no system log or pipe offers. A stream per session
// needs no coordination, and a session is the unit a reviewer follows.
//
// What is guaranteed:
//
//   - One event is one line and one Write, of at most MaxEventBytes (4096
//     bytes, newline included): longer text fields (a long authorization
//     reason, a long path) are cut, ending in a marker "...[cut N bytes]".
//     A file from OpenAuditFile is opened O_APPEND, so on a local file
//     system lines of concurrent processes never mix within a line (network
//     file systems such as NFS do not promise this); a pipe takes each line
//     in one atomic write. OpenAuditFile never waits for a FIFO's reader.
//   - A crash loses at most the crashed writer's own last event. A process
//     killed in the middle of a write to a file (the kernel may stop a
//     write at a page boundary) leaves the start of its event without a
//     newline, and the next writer's line follows it on the same line;
//     VerifyAudit reads the next event out of that line and reports the cut
//     one as a torn event of its stream and seq (a note, not tampering),
//     unless a later event of that stream follows it.
//   - Writing never blocks or stops the program. Each sink has a goroutine
//     of its own and a queue of 1024 events; when the queue is full (a pipe
//     nobody reads, a stalled collector) events for that sink are dropped,
//     not waited for, and the next event of the stream counts the failed
//     deliveries in its dropped field. A Write that fails or panics is
//     counted the same way, by the first event made after the failure is
//     known (Close lets the sinks finish before it writes the stream's last
//     event, so that one counts every earlier failure); VerifyAudit accepts
//     a copy's missing events that such counts explain. Each sink's first failure is reported through
//     WithAuditErrors (by default to standard error), once. Close waits at
//     most two seconds for the stream's events to reach its sinks, then
//     cleans up regardless.
//   - VerifyAudit (and tmplint audit verify) finds, and reports by line,
//     any line of a stream that is removed, edited, moved or repeated, as
//     long as a later event of the same stream is still there and was not
//     rewritten too.
//
// What is not:
//
//   - The chain has no secret: it shows that a file was altered, not who
//     wrote it. Whoever can rewrite the file (the audited program's user,
//     if the file is its own) can drop the end of a stream, drop whole
//     streams, add invented ones, or rewrite a stream from any event on
//     with the hashes recomputed, and the file alone shows nothing. Only an
//     anchor held outside the writer's reach shows it: a later event of
//     the stream as a second sink received it (OpenSyslog, OpenJournal, a
//     collector), or the heads printed by tmplint audit verify -heads and
//     kept elsewhere. VerifyAudit checks anchors given to it; a sink the
//     program cannot write to is the anchor that is always up to date.
//   - A compromised program can write false events from then on; the audit
//     is a record of what happened before, and of the rest only as far as
//     the program was honest.
//   - Events still queued when the process is killed (kill -9), or still
//     pending when Close gives up, are lost; a killed session's stream has
//     no purge, and the next session's stale purge names it (and its create
//     event, through the session's lock file). A handoff pruned after its
//     TTL by another process is named by its id, not by its create event.
//   - Times are the writing host's clock.
//
// Where to write, so the program's user cannot rewrite the record:
//
//   - The system log: OpenSyslog (facility authpriv, kept by the daemon in a
//     file only root and administrators read) or, on systemd hosts, OpenJournal (journald adds
//     the sender's pid, uid and executable itself; journalctl --setup-keys
//     seals the journal). Daemons may rate-limit (journald by default: 10000
//     messages in 30 seconds per service; rsyslog when configured to) and
//     drop the rest, which shows up as missing events in that copy;
//     messages longer than the daemon's limit (8 KiB by default in
//     rsyslog) are cut, which shows up as a line that is not an event.
//   - A file the user can only append to: the file in a directory of
//     another user (so it cannot be renamed or removed), writable by the
//     program's user through its group, and marked append-only by root with
//     chattr +a, so that it can be neither truncated nor overwritten, only
//     appended to with O_APPEND as OpenAuditFile does. The program can
//     still append invented events and fill the disk; the flag needs a file
//     system that has it (ext4, xfs, btrfs) and root to rotate the file
//     (chattr -a first).
//   - Any io.Writer the host supplies, for instance the write end of a pipe
//     to a collector running as another user. If the collector stops
//     reading, the queue fills and events are dropped and counted; if it
//     exits, writes fail and are reported.
//
// Given several sinks, every event goes to each: a local file for reading,
// the system log as the anchor.
package session
