// Package ignore has directives that name no analyzer of the suite: a
// directive without names is reported by cloexec, the first analyzer of
// the suite; one with a misspelt name by the analyzer nearest to it.
package ignore

import "syscall"

func f(p string) {
	/* want `//tmplint:ignore directive names no analyzer, so it silences nothing` */ //tmplint:ignore
	syscall.Close(0)

	//tmplint:ignore cloexc,nosuch the descriptor is handed to the child // want `directive names cloexc, which is not a tmplint analyzer, so it silences nothing: did you mean cloexec\?` `directive names nosuch, which is not a tmplint analyzer, so it silences nothing \(the analyzers:`
	syscall.Close(1)

	//tmplint:ignore cloexec,filemod the descriptor is handed to the child // want `unused //tmplint:ignore directive for cloexec`
	syscall.Close(2)
}
