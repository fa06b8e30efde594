package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// The standalone driver's live heap is mostly long-lived: the types read
// from export data, which every package after the first few keeps using.
// With the default GOGC=100 the collector re-marks that universe every
// time the heap doubles, a fifth of a cold run's CPU. tuneGC lets the heap
// grow five times its live size between collections, up to a soft limit
// of memoryFloor, and raises the limit to twice the live heap when the
// live heap grows past half of it, so that a large graph is collected as
// GOGC=100 would, never more often. Measured with 2 CPUs (stop 20):
// runc 2.7 s → 2.2 s wall, peak RSS 113 → 180–210 MB; std 21.9 s →
// 16.4 s; cmd 13.8 s → 11.5 s, 555 → 470 MB.
const (
	gcPercent   = 400
	memoryFloor = 512 << 20
)

// tuneGC applies the policy above unless the user set GOGC or GOMEMLIMIT,
// which then rule as they would in any Go program.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(memoryFloor)
	watchLiveHeap()
}

// watchLiveHeap adjusts the memory limit after every collection: a
// finalizer runs once per cycle of the object it is set on, and sets
// itself on a new one.
func watchLiveHeap() {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		runtime.SetFinalizer(new(gcCycle), func(*gcCycle) {
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				limit := max(int64(memoryFloor), 2*int64(sample[0].Value.Uint64()))
				debug.SetMemoryLimit(limit)
			}
			arm()
		})
	}
	arm()
}

// gcCycle is the object whose finalizer marks a collection. It holds a
// pointer so that it is never one of the tiny allocations that share a
// block, whose finalizers may not run.
type gcCycle struct{ _ *byte }
