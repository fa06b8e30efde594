package directives

import (
	"go/ast"
	"go/token"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Analyzer collects the suppression directives and generated files of a package.
var Analyzer = &analysis.Analyzer{
	Name:             "directives",
	Doc:              "collect //tmplint:ignore directives and generated files (reports nothing)",
	URL:              "https://pkg.go.dev/github.com/tmplint/tmplint/passes/directives",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
}

// Prefix is the comment text that starts a suppression directive.
const Prefix = "//tmplint:ignore"

// Known returns the names a directive may name: the analyzers of the
// suite, in its order (a test of package analyzers keeps the two lists
// equal). A directive that names anything else silences nothing, and is
// reported.
func Known() []string {
	return []string{"cloexec", "execfd", "filemode", "tempcleanup", "temppath"}
}

// Unknown returns the names of d that name no analyzer of the suite.
func (d *Directive) Unknown() []string {
	var out []string
	for _, name := range d.Analyzers {
		if !slices.Contains(Known(), name) {
			out = append(out, name)
		}
	}
	return out
}

// Nearest returns the known analyzer whose name is closest to name (by
// edit distance; the first of the suite's order on a tie): the one that
// reports a directive naming name, and the one its message suggests.
func Nearest(name string) string {
	best, bestDist := "", -1
	for _, k := range Known() {
		if d := editDistance(name, k); bestDist < 0 || d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

// Close reports whether name is near enough to the analyzer's name to be
// a misspelling of it: at most two edits, and fewer than half its length.
func Close(name, analyzer string) bool {
	d := editDistance(name, analyzer)
	return d <= 2 && 2*d < len(analyzer)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// A Directive is one //tmplint:ignore comment.
type Directive struct {
	Pos       token.Pos // start of the comment
	End       token.Pos // end of the comment
	File      string    // file name, as in the token.Position
	Line      int       // line of the comment
	Analyzers []string  // the analyzer names it silences, in order
	Reason    string    // the text after the names; empty when missing
}

// Silences reports whether d names the analyzer.
func (d *Directive) Silences(analyzer string) bool {
	for _, name := range d.Analyzers {
		if name == analyzer {
			return true
		}
	}
	return false
}

// Result holds what the pass found in one package.
type Result struct {
	Directives []*Directive
	generated  map[*token.File]bool
	byLine     map[fileLine][]*Directive
}

type fileLine struct {
	file string
	line int
}

// IsGenerated reports whether pos lies in a generated file.
func (r *Result) IsGenerated(fset *token.FileSet, pos token.Pos) bool {
	if f := fset.File(pos); f != nil {
		return r.generated[f]
	}
	return false
}

// Covering returns the directives that apply to a finding at the position:
// those on the same line or on the line above.
func (r *Result) Covering(posn token.Position) []*Directive {
	var ds []*Directive
	ds = append(ds, r.byLine[fileLine{posn.Filename, posn.Line}]...)
	ds = append(ds, r.byLine[fileLine{posn.Filename, posn.Line - 1}]...)
	return ds
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{
		generated: make(map[*token.File]bool),
		byLine:    make(map[fileLine][]*Directive),
	}
	for _, file := range pass.Files {
		tf := pass.Fset.File(file.FileStart)
		if tf == nil {
			continue
		}
		if ast.IsGenerated(file) {
			res.generated[tf] = true
			continue
		}
		for _, group := range file.Comments {
			for _, c := range group.List {
				d, ok := Parse(c.Text)
				if !ok {
					continue
				}
				posn := pass.Fset.Position(c.Slash)
				d.Pos, d.End = c.Slash, c.End()
				d.File, d.Line = posn.Filename, posn.Line
				res.Directives = append(res.Directives, d)
				key := fileLine{d.File, d.Line}
				res.byLine[key] = append(res.byLine[key], d)
			}
		}
	}
	return res, nil
}

// Parse parses the text of one comment as a directive. It reports false
// when the comment is not a tmplint:ignore directive at all; a directive
// with no names or no reason parses, with the missing parts empty.
func Parse(text string) (*Directive, bool) {
	rest, ok := strings.CutPrefix(text, Prefix)
	if !ok {
		return nil, false
	}
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil, false // e.g. //tmplint:ignorexyz
	}
	fields := strings.Fields(rest)
	d := new(Directive)
	if len(fields) == 0 {
		return d, true
	}
	for _, name := range strings.Split(fields[0], ",") {
		if name != "" {
			d.Analyzers = append(d.Analyzers, name)
		}
	}
	d.Reason = strings.Join(fields[1:], " ")
	return d, true
}
