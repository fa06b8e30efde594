package leakcheck

import (
	"regexp"
	"time"
)

// DefaultSettle is how long a check waits, collecting garbage and looking
// again, for descriptors and children to go away before it reports them.
const DefaultSettle = time.Second

// An Option configures VerifyTestMain and Verify.
type Option func(*config)

type config struct {
	settle   time.Duration
	ignores  []ignore
	afterRun []func()
}

func newConfig(opts []Option) *config {
	c := &config{settle: DefaultSettle}
	for _, o := range opts {
		o(c)
	}
	return c
}

// An ignore leaves out the leaks of one kind that match a pattern.
type ignore struct {
	kind   kind
	re     *regexp.Regexp
	reason string
}

// IgnorePath leaves out temp entries whose path relative to the temp directory
// (slash-separated, "cache/x.db" for a file in a directory) matches the regular
// expression pattern. The reason says why the leak is known and accepted; it
// must not be empty. IgnorePath panics on a bad pattern, as
// regexp.MustCompile does.
func IgnorePath(pattern, reason string) Option {
	return ignoreOption(kindTemp, "IgnorePath", pattern, reason)
}

// IgnoreFD leaves out descriptors whose target matches the regular expression
// pattern: on Linux what /proc/self/fd shows ("/var/lib/x.db", "pipe:[123]",
// "socket:[456]", "anon_inode:[eventfd]"), elsewhere the kind of file ("pipe",
// "socket", "file …"). The reason must not be empty.
func IgnoreFD(pattern, reason string) Option {
	return ignoreOption(kindFD, "IgnoreFD", pattern, reason)
}

// IgnoreCommand leaves out child processes whose command line (its arguments
// joined by spaces; "[name]" for a zombie, which has none) matches the regular
// expression pattern. The reason must not be empty.
func IgnoreCommand(pattern, reason string) Option {
	return ignoreOption(kindChild, "IgnoreCommand", pattern, reason)
}

func ignoreOption(k kind, name, pattern, reason string) Option {
	if reason == "" {
		panic("leakcheck: " + name + "(" + pattern + ") has no reason: say why the leak is accepted")
	}
	re := regexp.MustCompile(pattern)
	return func(c *config) { c.ignores = append(c.ignores, ignore{k, re, reason}) }
}

// Settle sets how long a check waits for descriptors and children to go
// away (closed by a finalizer, reaped by a goroutine) before it reports them
// (default DefaultSettle). Zero reports what the first look finds.
func Settle(d time.Duration) Option { return func(c *config) { c.settle = d } }

// AfterRun runs f in VerifyTestMain after the tests and before the checks: the
// place for package-level teardown that a TestMain would do after m.Run (removing
// a binary built once for all tests, stopping a shared server), which must
// be done before the leftovers are counted. Several run in order.
func AfterRun(f func()) Option { return func(c *config) { c.afterRun = append(c.afterRun, f) } }
