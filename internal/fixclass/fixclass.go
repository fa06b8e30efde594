// Package fixclass says whether a suggested fix is safe to apply without
// review, and carries that verdict through every driver.
//
// A fix is safe when it preserves the behaviour the code's author meant for
// every caller: a decimal mode literal written as the octal it reads as, a
// close-on-exec flag added where no child is meant to inherit the
// descriptor, Pipe replaced by Pipe2 with O_CLOEXEC, t.TempDir in a test.
// Every other fix changes behaviour someone may rely on: a narrower mode
// removes access another user, group or process may need (a socket or FIFO
// reached by a container user of another uid, a directory shared on
// purpose); a random name breaks whoever finds the object by its fixed name;
// an added removal deletes what code outside the function may still reach.
//
// # The carrier
//
// analysis.SuggestedFix has only a Message and TextEdits, and go vet -json,
// golangci-lint and nogo pass both through unchanged, so the verdict travels
// in the Message, as its last words:
//
//	write 0o644 [safe]
//	use mode 0o600 [changes behaviour: narrows the mode; ...]
//
// Analyzers build every fix with Safe or Changes; Of reads the verdict
// back. A fix whose message carries neither tag is Unclassified and is
// treated as changing behaviour: forgetting to classify a fix can only keep
// it from being applied automatically.
package fixclass

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A Class is the verdict on one fix.
type Class int

const (
	// Unclassified: the message carries no tag. Treated as Changes.
	Unclassified Class = iota
	// Safe: behaviour-preserving for every caller; tmplint -fix applies it.
	Safe
	// Changes: changes behaviour someone may rely on; only -fix=all
	// applies it.
	Changes
)

func (c Class) String() string {
	switch c {
	case Safe:
		return "safe"
	case Changes:
		return "changes behaviour"
	}
	return "unclassified"
}

// The tags that end a classified fix's message.
const (
	SafeTag       = "[safe]"
	changesPrefix = "[changes behaviour: "
)

// Reasons shared by the analyzers' behaviour-changing fixes.
const (
	// NarrowsMode: the fix removes permission bits.
	NarrowsMode = "narrows the mode, so users, groups or processes that reach it today (a socket or FIFO used across uids, a directory shared on purpose) may lose access"
	// RandomName: the fix replaces a fixed name by a random one.
	RandomName = "the name becomes random, so code or people that find it by its fixed name no longer do"
	// AddsRemoval: the fix removes an object the code kept until now.
	AddsRemoval = "removes the object on paths where it stayed on disk, so anything that still reaches it by name afterwards (a goroutine, a started process, a person reading a log) no longer finds it"
)

// SafeFix returns a fix that preserves behaviour for every caller.
func SafeFix(message string, edits ...analysis.TextEdit) analysis.SuggestedFix {
	return analysis.SuggestedFix{Message: message + " " + SafeTag, TextEdits: edits}
}

// ChangesFix returns a fix that changes behaviour; why says how, in words a
// reviewer can check (one of the reasons above, or a specific one).
func ChangesFix(message, why string, edits ...analysis.TextEdit) analysis.SuggestedFix {
	why = strings.ReplaceAll(why, "]", ")")
	return analysis.SuggestedFix{Message: message + " " + changesPrefix + why + "]", TextEdits: edits}
}

// Of returns the class of a fix message and, for Changes, the reason.
func Of(message string) (Class, string) {
	if strings.HasSuffix(message, " "+SafeTag) {
		return Safe, ""
	}
	if i := strings.LastIndex(message, " "+changesPrefix); i >= 0 && strings.HasSuffix(message, "]") {
		return Changes, message[i+1+len(changesPrefix) : len(message)-1]
	}
	return Unclassified, ""
}

// IsSafe reports whether the fix with this message may be applied without
// review.
func IsSafe(message string) bool {
	c, _ := Of(message)
	return c == Safe
}

// Text returns the message without its tag, for display next to a class
// shown some other way.
func Text(message string) string {
	if strings.HasSuffix(message, " "+SafeTag) {
		return strings.TrimSuffix(message, " "+SafeTag)
	}
	if i := strings.LastIndex(message, " "+changesPrefix); i >= 0 && strings.HasSuffix(message, "]") {
		return message[:i]
	}
	return message
}

// SafeOnly returns the fixes that are safe, in order; fixes itself when
// they all are.
func SafeOnly(fixes []analysis.SuggestedFix) []analysis.SuggestedFix {
	for i, f := range fixes {
		if IsSafe(f.Message) {
			continue
		}
		kept := append([]analysis.SuggestedFix(nil), fixes[:i]...)
		for _, g := range fixes[i+1:] {
			if IsSafe(g.Message) {
				kept = append(kept, g)
			}
		}
		return kept
	}
	return fixes
}

// WithSafeFixesOnly returns a copy of the analyzer that, whenever active()
// is true at the start of a run (nil: always), reports its diagnostics with
// the behaviour-changing fixes left out. It is for drivers that apply every
// fix they are given (golangci-lint --fix, go vet -fix); the diagnostics
// themselves are unchanged. The copy has the original's name, flags,
// requirements, facts and result type, so it can stand in for it in a
// suite; nothing may require the original by identity.
func WithSafeFixesOnly(a *analysis.Analyzer, active func() bool) *analysis.Analyzer {
	w := *a
	run := a.Run
	w.Run = func(pass *analysis.Pass) (any, error) {
		if active != nil && !active() {
			return run(pass)
		}
		p := *pass
		report := pass.Report
		p.Report = func(d analysis.Diagnostic) {
			d.SuggestedFixes = SafeOnly(d.SuggestedFixes)
			report(d)
		}
		return run(&p)
	}
	return &w
}
