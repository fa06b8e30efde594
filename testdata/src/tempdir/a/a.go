package a

import (
	"example.com/ids"
	"fmt"
	"io/ioutil"
	"math/rand"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

func probe(any)     {}
func container(any) {}
func existing(any)  {}

func containers(t *testing.T, name string) {
	dir, _ := os.MkdirTemp("", "x")
	container(dir)                               // want `in shared temp`
	container(filepath.Join(dir, "a"))           // want `in private temp`
	container(dir + ".lock")                     // want `in shared temp`
	container(t.TempDir())                       // want `in private temp`
	container("/tmp")                            // want `in unknown`
	container("/tmp/x")                          // want `in shared temp`
	container(os.TempDir())                      // want `in unknown`
	container(filepath.Join(os.TempDir(), name)) // want `in shared temp`
	container(name)                              // want `in unknown`
	sub, _ := os.MkdirTemp(dir, "y")
	container(sub) // want `in private temp`
	f, _ := os.CreateTemp("", "x")
	container(f.Name()) // want `in shared temp`
	existing(f.Name())  // want `existing=true`
	n := f.Name()
	existing(n)                       // want `existing=true`
	existing(filepath.Clean(n))       // want `existing=true`
	existing(n + ".bak")              // want `existing=false`
	existing(filepath.Join(dir, "a")) // want `existing=false`
	g, _ := os.CreateTemp(name, "x")
	existing(g.Name()) // want `existing=true`
	probe(g.Name())    // want `unknown unpredictable`
}

var (
	lockName = "app.lock"   // unexported, assigned once: followed
	LockDir  = "/tmp/app"   // exported: its initializer is its default
	flagDir  = os.TempDir() // its address is taken below
	counter  int64
)

func init() { _ = &flagDir }

func roots() {
	probe(os.TempDir())                    // want `shared temp unpredictable`
	probe(os.Getenv("TMPDIR"))             // want `shared temp unpredictable`
	probe(os.Getenv("HOME"))               // want `unknown unpredictable`
	probe("/tmp")                          // want `shared temp unpredictable`
	probe("/tmp/x.log")                    // want `shared temp predictable`
	probe("/var/tmp/x")                    // want `shared temp predictable`
	probe("/dev/shm/x")                    // want `shared temp predictable`
	probe("/tmpx/y")                       // want `unknown predictable`
	probe("/tmp/../etc/passwd")            // want `unknown predictable`
	probe("tmp/x")                         // want `unknown predictable`
	probe(LockDir)                         // want `shared temp predictable`
	probe(flagDir)                         // want `unknown unpredictable`
	probe(filepath.Join("/tmp", lockName)) // want `shared temp predictable`
	dir, ok := os.LookupEnv("TMPDIR")
	_ = ok
	probe(dir) // want `shared temp unpredictable`
}

// Integers from getters of other modules: an id can be enumerated, a
// random source's number cannot, and a function's result is unknown.
func ints(inst ids.Instance, g *ids.Gen) {
	probe(fmt.Sprintf("/tmp/screenshot_%d", inst.ID())) // want `shared temp predictable`
	probe(fmt.Sprintf("/tmp/x-%d", g.Next()))           // want `shared temp unpredictable`
	probe(fmt.Sprintf("/tmp/x-%d", g.Uint64()))         // want `shared temp unpredictable`
	probe(fmt.Sprintf("/tmp/x-%d", ids.Count()))        // want `shared temp unpredictable`
	probe(fmt.Sprintf("/tmp/x-%d", ids.New().ID()))     // want `shared temp unpredictable`
	u := ids.New()
	probe(fmt.Sprintf("/tmp/x-%d", u.ID())) // want `shared temp unpredictable`
}

func joins(name string, n int) {
	tmp := os.TempDir()
	probe(filepath.Join(tmp, "x.log"))                                  // want `shared temp predictable`
	probe(path.Join(tmp, "a", "b"))                                     // want `shared temp predictable`
	probe(filepath.Join(tmp, name))                                     // want `shared temp unpredictable`
	probe(filepath.Join(name, "x"))                                     // want `unknown unpredictable`
	probe(filepath.Join(tmp, "..", "x"))                                // want `unknown predictable`
	probe(tmp + "/x.log")                                               // want `shared temp predictable`
	probe(tmp + string(os.PathSeparator) + "x")                         // want `shared temp predictable`
	probe(tmp + "x")                                                    // want `unknown predictable`
	probe(fmt.Sprintf("%s/x-%d.log", tmp, os.Getpid()))                 // want `shared temp predictable`
	probe(fmt.Sprintf("/tmp/x-%d", time.Now().UnixNano()))              // want `shared temp unpredictable`
	probe(fmt.Sprintf("/tmp/x-%d", time.Now().Unix()))                  // want `shared temp predictable`
	probe(fmt.Sprintf("/tmp/x-%d", rand.Int()))                         // want `shared temp unpredictable`
	probe(fmt.Sprintf("%s/x-%d", tmp, n))                               // want `shared temp unpredictable`
	probe(filepath.Join(tmp, "x-"+strconv.Itoa(os.Getpid())))           // want `shared temp predictable`
	probe(filepath.Clean(tmp + "/x"))                                   // want `shared temp predictable`
	probe(filepath.Join(tmp, filepath.Base(os.Args[0])+".lock"))        // want `shared temp predictable`
	probe(filepath.Join(tmp, fmt.Sprint(atomic.AddInt64(&counter, 1)))) // want `shared temp predictable`
	host, _ := os.Hostname()
	probe(filepath.Join(tmp, host+".pid")) // want `shared temp predictable`
}

func locals(cond bool, other string) {
	p := filepath.Join(os.TempDir(), "a")
	probe(p) // want `shared temp predictable`

	q := "/tmp/a"
	if cond {
		q = "/tmp/b"
	}
	probe(q) // want `shared temp predictable`

	r := "/tmp/a"
	if cond {
		r = other
	}
	probe(r) // want `unknown unpredictable`

	var s string
	if cond {
		s = "/tmp/x"
	}
	probe(s) // want `unknown unpredictable`

	for i := 0; i < 3; i++ {
		probe(fmt.Sprintf("/tmp/x%d", i)) // want `shared temp predictable`
	}
	seq := 0
	seq++
	probe(filepath.Join(os.TempDir(), strconv.Itoa(seq))) // want `shared temp predictable`

	t := os.TempDir()
	t = t + "/sub"
	probe(t) // want `shared temp unpredictable`

	u := os.TempDir()
	u = filepath.Dir(u)
	probe(u) // want `unknown unpredictable`

	w := "/tmp/w"
	ptr := &w
	_ = ptr
	probe(w) // want `unknown unpredictable`
}

func private(t *testing.T, tb testing.TB) {
	dir, err := os.MkdirTemp("", "x-*")
	if err != nil {
		return
	}
	probe(dir)                         // want `private temp unpredictable`
	probe(filepath.Join(dir, "x.log")) // want `private temp unpredictable`
	old, _ := ioutil.TempDir("/tmp", "x")
	probe(filepath.Join(old, "x")) // want `private temp unpredictable`
	probe(t.TempDir())             // want `private temp unpredictable`
	td := tb.TempDir()
	probe(filepath.Join(td, "x.log"))    // want `private temp unpredictable`
	probe(dir + "x")                     // want `shared temp unpredictable`
	probe(filepath.Join(dir, "..", "x")) // want `unknown unpredictable`
}

func files(p string) {
	f, _ := os.CreateTemp("", "x-*")
	probe(f)                  // want `shared temp unpredictable`
	probe(f.Name())           // want `shared temp unpredictable`
	probe(f.Name() + ".lock") // want `shared temp unpredictable`
	g, _ := os.Create("/tmp/g.log")
	probe(g) // want `shared temp predictable`
	h, _ := os.Create(p)
	probe(h) // want `unknown unpredictable`
	dir, _ := os.MkdirTemp("", "d")
	i, _ := os.CreateTemp(dir, "x")
	probe(i.Name()) // want `private temp unpredictable`
	root, _ := os.OpenRoot("/tmp")
	probe(root) // want `shared temp unpredictable`
}

type T struct{ dir string }

func fields(x T, xs []string, m map[string]string) {
	probe(x.dir)                          // want `unknown unpredictable`
	probe(filepath.Join(x.dir, "a"))      // want `unknown unpredictable`
	probe(xs[0])                          // want `unknown unpredictable`
	probe(m["tmp"])                       // want `unknown unpredictable`
	probe(fmt.Sprintf("%[1]s/x", "/tmp")) // want `unknown unpredictable`
	for _, d := range xs {
		probe(d) // want `unknown unpredictable`
	}
}

func generic[S ~string](s S) {
	probe(filepath.Join(os.TempDir(), string(s))) // want `shared temp unpredictable`
	probe(S("/tmp/x"))                            // want `shared temp predictable`
}
