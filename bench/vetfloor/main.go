// Command vetfloor is the floor for timing tmplint as a go vet tool: a
// vettool with one analyzer that declares a fact and does nothing, so that
// go vet runs it on every dependency for facts as it does tmplint, and the
// time and memory of a unit are those of parsing, type-checking and fact
// passing alone. bench/vet.sh compares the two.
package main

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// noFact is the declared fact; it is never exported.
type noFact struct{}

func (*noFact) AFact() {}

var floor = &analysis.Analyzer{
	Name:       "vetfloor",
	Doc:        "vetfloor declares a fact and reports nothing: the cost of a vet unit without analysis",
	Run:        func(*analysis.Pass) (any, error) { return nil, nil },
	FactTypes:  []analysis.Fact{new(noFact)},
	ResultType: reflect.TypeFor[any](),
}

func main() { unitchecker.Main(floor) }
