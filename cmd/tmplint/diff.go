package main

import (
	"fmt"
	"strings"
)

// unifiedDiff returns the unified diff, with three lines of context, that
// turns old into new; "" when they are equal. It uses the Myers algorithm
// on lines, which is linear in the size of the files for the small edits
// that fixes make.
func unifiedDiff(name string, oldText, newText []byte) string {
	return labelledDiff(name, oldText, newText, nil)
}

// labelledDiff is unifiedDiff with a label after the range of each hunk
// ("@@ -1,3 +1,3 @@ label"): label gets the 0-based first and last line
// of the old file that the hunk spans (last < first for a hunk that only
// inserts at first) and may return "".
func labelledDiff(name string, oldText, newText []byte, label func(first, last int) string) string {
	a := splitLines(string(oldText))
	b := splitLines(string(newText))
	ops := myers(a, b)
	if ops == nil {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", name, name)
	const context = 3
	// Group the edit script into hunks.
	i := 0
	for i < len(ops) {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			// Run of equal lines: does the next change come within 2*context?
			j := end
			for j < len(ops) && ops[j].kind == ' ' {
				j++
			}
			if j < len(ops) && j-end <= 2*context {
				end = j
				continue
			}
			end = min(end+context, len(ops))
			break
		}
		hunk := ops[start:end]
		aStart, bStart := hunk[0].aLine, hunk[0].bLine
		var aCount, bCount int
		for _, op := range hunk {
			if op.kind != '+' {
				aCount++
			}
			if op.kind != '-' {
				bCount++
			}
		}
		text := ""
		if label != nil {
			if l := label(aStart, aStart+aCount-1); l != "" {
				text = " " + l
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@%s\n", hunkRange(aStart, aCount), hunkRange(bStart, bCount), text)
		for _, op := range hunk {
			sb.WriteByte(op.kind)
			sb.WriteString(op.text)
			if !strings.HasSuffix(op.text, "\n") {
				sb.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return sb.String()
}

func hunkRange(start, count int) string {
	if count == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if count == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, count)
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// A diffOp is one line of an edit script: ' ' kept, '-' deleted, '+'
// inserted. aLine and bLine are the 0-based line numbers before the op.
type diffOp struct {
	kind         byte
	text         string
	aLine, bLine int
}

// myers returns the shortest edit script from a to b, or nil if a equals b.
func myers(a, b []string) []diffOp {
	n, m := len(a), len(b)
	maxD := n + m
	offset := maxD
	v := make([]int, 2*maxD+2)
	var trace [][]int
	found := false
	for d := 0; d <= maxD && !found; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[offset+k-1] < v[offset+k+1]) {
				x = v[offset+k+1]
			} else {
				x = v[offset+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[offset+k] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
	}
	if len(trace) == 1 && n == m {
		return nil // equal
	}
	// Backtrack. trace[d] holds v as it was before step d.
	var ops []diffOp
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		vPrev := trace[d]
		k := x - y
		var prevK int
		if k == -d || (k != d && vPrev[offset+k-1] < vPrev[offset+k+1]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := vPrev[offset+prevK]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x--
			y--
			ops = append(ops, diffOp{kind: ' ', text: a[x], aLine: x, bLine: y})
		}
		if x == prevX {
			y--
			ops = append(ops, diffOp{kind: '+', text: b[y], aLine: x, bLine: y})
		} else {
			x--
			ops = append(ops, diffOp{kind: '-', text: a[x], aLine: x, bLine: y})
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		ops = append(ops, diffOp{kind: ' ', text: a[x], aLine: x, bLine: y})
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ops
}
