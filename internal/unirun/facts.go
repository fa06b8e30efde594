package unirun

import (
	"bytes"
	"cmp"
	"encoding/gob"
	"fmt"
	"go/types"
	"io"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// Facts travel between packages as bytes: a package analyzed from source
// encodes the facts it exported about its own objects, and a package that
// imports it decodes them once per process, against the types the
// universe read from its export data. The same bytes are what the cache
// keeps, and their hash is part of every dependent's cache key.

// encodedFact is one fact as it is stored: about the package when ObjPath
// is empty, else about the object at ObjPath in it.
type encodedFact struct {
	ObjPath string
	Fact    analysis.Fact
}

type objFactKey struct {
	obj types.Object
	typ reflect.Type
}

type pkgFactKey struct {
	pkg *types.Package
	typ reflect.Type
}

// localFacts are the facts that the analyzers export while they run on
// one package.
type localFacts struct {
	mu   sync.Mutex
	objs map[objFactKey]analysis.Fact
	pkgs map[pkgFactKey]analysis.Fact
}

func newLocalFacts() *localFacts {
	return &localFacts{objs: make(map[objFactKey]analysis.Fact), pkgs: make(map[pkgFactKey]analysis.Fact)}
}

// encode returns the bytes of the facts about pkg's objects, in an order
// that depends only on the facts, so that unchanged code gives unchanged
// bytes and its dependents' cache entries stay valid.
func (lf *localFacts) encode(pkg *types.Package) ([]byte, error) {
	var facts []encodedFact
	for k, f := range lf.objs {
		path, err := objectpath.For(k.obj)
		if err != nil {
			continue // not reachable from another package
		}
		facts = append(facts, encodedFact{ObjPath: string(path), Fact: f})
	}
	for k, f := range lf.pkgs {
		if k.pkg == pkg {
			facts = append(facts, encodedFact{Fact: f})
		}
	}
	if len(facts) == 0 {
		return nil, nil
	}
	slices.SortFunc(facts, func(a, b encodedFact) int {
		return cmp.Or(cmp.Compare(a.ObjPath, b.ObjPath), cmp.Compare(reflect.TypeOf(a.Fact).String(), reflect.TypeOf(b.Fact).String()))
	})
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	for i := range facts {
		if err := enc.Encode(&facts[i]); err != nil {
			return nil, fmt.Errorf("encoding facts: %v", err)
		}
	}
	return buf.Bytes(), nil
}

// decodedFacts are the facts of one package of the universe.
type decodedFacts struct {
	once sync.Once
	err  error
	objs map[objFactKey]analysis.Fact
	pkgs map[reflect.Type]analysis.Fact
}

// factStore holds the decoded facts of every package of the universe that
// a package analyzed from source has imported.
type factStore struct {
	mu   sync.Mutex
	pkgs map[*types.Package]*decodedFacts
}

func newFactStore() *factStore {
	return &factStore{pkgs: make(map[*types.Package]*decodedFacts)}
}

// load decodes data, the facts of p, unless that was done.
func (fs *factStore) load(p *types.Package, data []byte) error {
	fs.mu.Lock()
	d := fs.pkgs[p]
	if d == nil {
		d = &decodedFacts{}
		fs.pkgs[p] = d
	}
	fs.mu.Unlock()
	d.once.Do(func() { d.objs, d.pkgs, d.err = decodeFacts(p, data) })
	return d.err
}

// forget drops the decoded facts of packages the run no longer reaches.
func (fs *factStore) forget(ps []*types.Package) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	for _, p := range ps {
		delete(fs.pkgs, p)
	}
}

func (fs *factStore) of(p *types.Package) *decodedFacts {
	if p == nil {
		return nil
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.pkgs[p]
}

func decodeFacts(p *types.Package, data []byte) (map[objFactKey]analysis.Fact, map[reflect.Type]analysis.Fact, error) {
	objs := make(map[objFactKey]analysis.Fact)
	pkgs := make(map[reflect.Type]analysis.Fact)
	dec := gob.NewDecoder(bytes.NewReader(data))
	for len(data) > 0 {
		var ef encodedFact
		if err := dec.Decode(&ef); err != nil {
			if err == io.EOF {
				break
			}
			return nil, nil, fmt.Errorf("decoding the facts of %s: %v", p.Path(), err)
		}
		if ef.ObjPath == "" {
			pkgs[reflect.TypeOf(ef.Fact)] = ef.Fact
			continue
		}
		obj, err := objectpath.Object(p, objectpath.Path(ef.ObjPath))
		if err != nil {
			continue // the export data does not expose it
		}
		objs[objFactKey{obj, reflect.TypeOf(ef.Fact)}] = ef.Fact
	}
	return objs, pkgs, nil
}

// registerFactTypes tells gob the concrete types of the analyzers' facts.
func registerFactTypes(as []*analysis.Analyzer) {
	for _, a := range as {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
}

// copyFact sets *dst to *src; both are pointers of one type.
func copyFact(dst, src analysis.Fact) {
	reflect.ValueOf(dst).Elem().Set(reflect.ValueOf(src).Elem())
}
