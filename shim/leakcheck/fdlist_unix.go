//go:build unix

package leakcheck

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// devFDs lists the open descriptors from /dev/fd when it shows them all
// (FreeBSD without fdescfs shows only 0, 1 and 2; the descriptor the listing
// is read with tells), else by probing each number with fcntl. What each
// refers to comes from fstat: these systems have no link to read.
func devFDs() []openFD {
	nums, ok := listDevFD()
	if !ok {
		nums = probeFDs()
	}
	out := make([]openFD, 0, len(nums))
	for _, fd := range nums {
		var st unix.Stat_t
		if unix.Fstat(fd, &st) != nil {
			continue // closed meanwhile
		}
		out = append(out, openFD{
			descriptor: descriptor{fd: fd, target: fdKind(&st), cloexec: cloexec(fd)},
			id:         fmt.Sprintf("%d:%d", uint64(st.Dev), uint64(st.Ino)),
		})
	}
	return out
}

// maxProbe bounds the descriptor numbers probed when /dev/fd does not list
// them all.
const maxProbe = 1 << 16

// listDevFD returns the numbers /dev/fd lists, but its own, and whether the
// list is complete (holds its own).
func listDevFD() ([]int, bool) {
	d, err := os.Open("/dev/fd")
	if err != nil {
		return nil, false
	}
	defer d.Close()
	self := int(d.Fd())
	names, err := d.Readdirnames(-1)
	if err != nil {
		return nil, false
	}
	var nums []int
	complete := false
	for _, n := range names {
		fd, err := strconv.Atoi(n)
		switch {
		case err != nil:
		case fd == self:
			complete = true
		default:
			nums = append(nums, fd)
		}
	}
	return nums, complete
}

// probeFDs returns the numbers below the descriptor limit (at most maxProbe)
// that are open.
func probeFDs() []int {
	limit := uint64(maxProbe)
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_NOFILE, &rl) == nil && uint64(rl.Cur) < limit {
		limit = uint64(rl.Cur)
	}
	var nums []int
	for fd := 0; uint64(fd) < limit; fd++ {
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err == nil {
			nums = append(nums, fd)
		}
	}
	return nums
}

// fdKind names what a descriptor refers to from its fstat.
func fdKind(st *unix.Stat_t) string {
	switch uint32(st.Mode) & unix.S_IFMT {
	case unix.S_IFIFO:
		return "pipe"
	case unix.S_IFSOCK:
		return "socket"
	case unix.S_IFDIR:
		return fmt.Sprintf("directory, inode %d", uint64(st.Ino))
	case unix.S_IFCHR:
		return "character device"
	case unix.S_IFREG:
		return fmt.Sprintf("file, inode %d", uint64(st.Ino))
	}
	return fmt.Sprintf("kind %#o", uint32(st.Mode)&unix.S_IFMT)
}

// cloexec reports whether fd is marked close-on-exec.
func cloexec(fd int) bool {
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0)
	return err == nil && fl&unix.FD_CLOEXEC != 0
}
