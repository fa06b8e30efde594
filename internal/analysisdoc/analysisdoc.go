// Package analysisdoc extracts an analyzer's documentation from the package
// comment of its doc.go, so that Analyzer.Doc and go doc never drift apart.
package analysisdoc

import (
	"fmt"
	"strings"
)

// Extract returns the section "# Analyzer NAME" of the package comment in
// the doc.go source: the lines after the heading, up to the next heading or
// the end of the comment, with comment markers removed. The first line of
// the result is "NAME: summary". It panics when the section is missing, as
// that is a programming error caught by every test of the analyzer.
func Extract(docgo, name string) string {
	var lines []string
	for _, line := range strings.Split(docgo, "\n") {
		if strings.HasPrefix(line, "package ") {
			break
		}
		if line == "//" {
			lines = append(lines, "")
			continue
		}
		if rest, ok := strings.CutPrefix(line, "// "); ok {
			lines = append(lines, rest)
		} else if rest, ok := strings.CutPrefix(line, "//\t"); ok {
			lines = append(lines, "\t"+rest)
		}
	}
	heading := "# Analyzer " + name
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == heading {
			start = i + 1
			break
		}
	}
	if start < 0 {
		panic(fmt.Sprintf("analysisdoc: doc.go has no %q section", heading))
	}
	end := len(lines)
	for i := start; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "# ") {
			end = i
			break
		}
	}
	doc := strings.TrimSpace(strings.Join(lines[start:end], "\n"))
	if !strings.HasPrefix(doc, name+": ") {
		panic(fmt.Sprintf("analysisdoc: the %q section must start with %q", heading, name+": "))
	}
	return doc
}
