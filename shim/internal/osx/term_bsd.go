//go:build darwin || dragonfly || freebsd || netbsd || openbsd

package osx

import "golang.org/x/sys/unix"

const ioctlGetTermios = unix.TIOCGETA
