// A program whose imported package starts a process: known by its fact.
package main

import (
	"syscall"

	"cloexec/mainprogram/starter"
)

func main() {
	var p [2]int
	syscall.Pipe(p[:]) // want `syscall.Pipe creates a descriptor without close-on-exec`
	starter.Run("/bin/true", []string{"true"})
}
