package main

import (
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	tests := []struct {
		name, old, new, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"change", "a\nb\nc\n", "a\nB\nc\n", "--- f\n+++ f\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"insert at end", "a\n", "a\nb\n", "--- f\n+++ f\n@@ -1 +1,2 @@\n a\n+b\n"},
		{"delete first", "a\nb\n", "b\n", "--- f\n+++ f\n@@ -1,2 +1 @@\n-a\n b\n"},
		{"from empty", "", "a\n", "--- f\n+++ f\n@@ -0,0 +1 @@\n+a\n"},
		{
			"two hunks",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
			"1\nX\n3\n4\n5\n6\n7\n8\n9\n10\nY\n12\n",
			"--- f\n+++ f\n@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n+Y\n 12\n",
		},
		{"no final newline", "a", "b", "--- f\n+++ f\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := unifiedDiff("f", []byte(tt.old), []byte(tt.new))
			if got != tt.want {
				t.Errorf("diff:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestMyersRoundTrip checks that the edit script rebuilds both sides.
func TestMyersRoundTrip(t *testing.T) {
	pairs := [][2]string{
		{"a b c d e f", "a c d x e f g"},
		{"x y z", ""},
		{"", "p q"},
		{"a a a b", "b a a a"},
		{"1 2 3 4 5 6 7 8", "8 7 6 5 4 3 2 1"},
	}
	for _, p := range pairs {
		a, b := strings.Fields(p[0]), strings.Fields(p[1])
		var gotA, gotB []string
		for _, op := range myers(a, b) {
			if op.kind != '+' {
				gotA = append(gotA, op.text)
			}
			if op.kind != '-' {
				gotB = append(gotB, op.text)
			}
		}
		if strings.Join(gotA, " ") != p[0] || strings.Join(gotB, " ") != p[1] {
			t.Errorf("myers(%q, %q) rebuilds %q and %q", p[0], p[1], gotA, gotB)
		}
	}
}
