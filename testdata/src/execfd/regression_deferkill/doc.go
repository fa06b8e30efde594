// Package regression_deferkill holds children that share the parent's
// standard output and are killed by a Kill deferred right after their
// successful Start (delve's proc_test.go:2622, integration2_test.go:2595
// and :3528): they cannot outlive the function, so they cannot hold the
// test binary's output after it exits. Left unwaited, they are zombies
// until the test binary exits: strict-only in a test
// (regression_deferkill_strict), reported in other code.
package regression_deferkill
