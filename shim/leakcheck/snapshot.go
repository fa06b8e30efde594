package leakcheck

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"
)

// A snapshot is what was there when a check started.
type snapshot struct {
	tmp      string            // the watched temp directory; "" when temp entries are not checked
	tmpReal  string            // tmp with symbolic links resolved, as descriptors name it
	temp     map[string]string // its entries, by name, with their identity
	fds      map[int]string    // open descriptors, with their identity
	children map[int]uint64    // child pids, with their start time
	notes    []string          // checks that cannot run here, and why
}

// An openFD is a descriptor with its identity (the device and inode it
// refers to), so that a number reused for another file counts as new.
type openFD struct {
	descriptor
	id string
}

// take records the temp entries of tmp (none when tmp is ""), the open
// descriptors and the children of this process.
func take(tmp string) *snapshot {
	primePoller()
	s := &snapshot{tmp: tmp}
	if tmp != "" {
		s.temp = tempNames(tmp)
		s.tmpReal = tmp
		if real, err := filepath.EvalSymlinks(tmp); err == nil {
			s.tmpReal = real
		}
	}
	fds, err := openFDs()
	if err != nil {
		s.notes = append(s.notes, "descriptors are not checked: "+err.Error())
	} else {
		s.fds = make(map[int]string, len(fds))
		for _, d := range fds {
			s.fds[d.fd] = d.id
		}
	}
	kids, err := children()
	if err != nil {
		s.notes = append(s.notes, "child processes are not checked: "+err.Error())
	} else {
		s.children = make(map[int]uint64, len(kids))
		for _, c := range kids {
			s.children[c.pid] = c.start
		}
	}
	return s
}

// primePoller makes the runtime open its network poller (epoll or kqueue,
// and its wakeup descriptor), which it does lazily on the first pollable
// file: made before the first look, the runtime's own descriptors are never
// new.
func primePoller() {
	if r, w, err := os.Pipe(); err == nil {
		r.Close()
		w.Close()
	}
}

// check compares what is there now with s, and, while descriptors or
// children are left, collects garbage (running the finalizers that close
// files) and looks again until the settle time is up.
func (s *snapshot) check(c *config) *report {
	deadline := time.Now().Add(c.settle)
	pause := 5 * time.Millisecond
	for {
		r := s.diff(c)
		if len(r.fds)+len(r.children) == 0 || !time.Now().Before(deadline) {
			return r
		}
		runtime.GC()
		runtime.GC() // the first cycle runs finalizers; the second frees what they released
		time.Sleep(min(pause, time.Until(deadline)))
		pause = min(2*pause, 100*time.Millisecond)
	}
}

// diff is one look.
func (s *snapshot) diff(c *config) *report {
	r := &report{notes: s.notes}
	if s.tmp != "" {
		for _, e := range newTemp(s.tmp, s.temp) {
			if reason, ok := c.ignored(kindTemp, e.rel); ok {
				r.ignored = append(r.ignored, "$TMPDIR/"+e.rel+": "+reason)
				continue
			}
			r.temp = append(r.temp, e)
		}
	}
	if s.fds != nil {
		fds, _ := openFDs()
		skip := runtimeFiles()
		for _, d := range fds {
			if id, ok := s.fds[d.fd]; ok && id == d.id {
				continue
			}
			if skip[d.target] || strings.HasPrefix(d.target, "anon_inode:[pidfd]") {
				continue
			}
			if s.tmp != "" && within(d.target, s.tmpReal) {
				d.inTemp = true
				d.target = "$TMPDIR" + strings.TrimPrefix(d.target, s.tmpReal)
			}
			if reason, ok := c.ignored(kindFD, d.target); ok {
				r.ignored = append(r.ignored, "descriptor "+d.target+": "+reason)
				continue
			}
			r.fds = append(r.fds, d.descriptor)
		}
	}
	if s.children != nil {
		kids, _ := children()
		for _, k := range kids {
			if start, ok := s.children[k.pid]; ok && start == k.start {
				continue
			}
			if reason, ok := c.ignored(kindChild, k.cmdline); ok {
				r.ignored = append(r.ignored, "child "+k.cmdline+": "+reason)
				continue
			}
			r.children = append(r.children, k)
		}
		sort.Slice(r.children, func(i, j int) bool { return r.children[i].pid < r.children[j].pid })
	}
	return r
}

func (c *config) ignored(k kind, s string) (string, bool) {
	for _, ig := range c.ignores {
		if ig.kind == k && ig.re.MatchString(s) {
			return ig.reason, true
		}
	}
	return "", false
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))
}

// runtimeFiles returns the files the testing package opens for the whole run
// and never closes (the -test.cpuprofile and -test.trace outputs): not the
// tests' leaks.
func runtimeFiles() map[string]bool {
	m := make(map[string]bool)
	for _, name := range []string{"test.cpuprofile", "test.trace"} {
		f := flag.Lookup(name)
		if f == nil || f.Value.String() == "" {
			continue
		}
		p := f.Value.String()
		if !filepath.IsAbs(p) {
			dir := ""
			if o := flag.Lookup("test.outputdir"); o != nil {
				dir = o.Value.String()
			}
			if dir == "" {
				dir, _ = os.Getwd()
			}
			p = filepath.Join(dir, p)
		}
		m[p] = true
	}
	return m
}
