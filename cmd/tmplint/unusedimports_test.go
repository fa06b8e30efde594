package main

import "testing"

// TestDropUnusedImports: an import the fixes left unused goes, and nothing
// else does.
func TestDropUnusedImports(t *testing.T) {
	for _, tc := range []struct{ name, old, edited, want string }{{
		name:   "last use gone, in a group",
		old:    "package p\n\nimport (\n\t\"io/ioutil\"\n\t\"os\"\n\n\tfsm \"example.com/shim\"\n)\n\nvar _ = fsm.X\n\nfunc f() { os.Create(\"a\"); ioutil.TempDir(\"\", \"x\") }\n",
		edited: "package p\n\nimport (\n\t\"io/ioutil\"\n\t\"os\"\n\n\tfsm \"example.com/shim\"\n)\n\nvar _ = fsm.X\n\nfunc f() { fsm.Create(\"a\", 0o600); ioutil.TempDir(\"\", \"x\") }\n",
		want:   "package p\n\nimport (\n\t\"io/ioutil\"\n\n\tfsm \"example.com/shim\"\n)\n\nvar _ = fsm.X\n\nfunc f() { fsm.Create(\"a\", 0o600); ioutil.TempDir(\"\", \"x\") }\n",
	}, {
		name:   "the only import",
		old:    "package p\n\nimport \"os\"\n\nfunc f(t T) { os.MkdirTemp(\"\", \"x\") }\n",
		edited: "package p\n\nimport \"os\"\n\nfunc f(t T) { t.TempDir() }\n",
		want:   "package p\n\n\nfunc f(t T) { t.TempDir() }\n",
	}, {
		name:   "still used",
		old:    "package p\n\nimport \"os\"\n\nfunc f() { os.Create(\"a\"); os.Remove(\"b\") }\n",
		edited: "package p\n\nimport \"os\"\n\nfunc f() { os.OpenFile(\"a\", os.O_RDWR, 0o600); os.Remove(\"b\") }\n",
	}, {
		name:   "a local variable of the same name is no use",
		old:    "package p\n\nimport \"os\"\n\nfunc f() { os.Create(\"a\"); { os := g(); os.X() } }\n",
		edited: "package p\n\nimport \"os\"\n\nfunc f() { h(\"a\"); { os := g(); os.X() } }\n",
		want:   "package p\n\n\nfunc f() { h(\"a\"); { os := g(); os.X() } }\n",
	}, {
		name:   "unused before the fix: not the fix's doing",
		old:    "package p\n\nimport \"os\"\n\nfunc f() {}\n",
		edited: "package p\n\nimport \"os\"\n\nfunc f() { g() }\n",
	}, {
		name:   "outside the standard library the name is unknown",
		old:    "package p\n\nimport \"example.com/go-shim\"\n\nfunc f() { shim.A() }\n",
		edited: "package p\n\nimport \"example.com/go-shim\"\n\nfunc f() { g() }\n",
	}, {
		name:   "blank and dot imports stay",
		old:    "package p\n\nimport (\n\t_ \"embed\"\n\t. \"os\"\n)\n\nfunc f() { Create(\"a\") }\n",
		edited: "package p\n\nimport (\n\t_ \"embed\"\n\t. \"os\"\n)\n\nfunc f() { g() }\n",
	}} {
		want := tc.want
		if want == "" {
			want = tc.edited
		}
		if got := string(dropUnusedImports([]byte(tc.old), []byte(tc.edited))); got != want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tc.name, got, want)
		}
	}
}
