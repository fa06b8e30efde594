package leakcheck

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// openFDs lists the open descriptors from /proc/self/fd, each with the
// target of its link (a path, pipe:[ino], socket:[ino], anon_inode:[…]),
// leaving out the one it reads the directory with.
func openFDs() ([]openFD, error) {
	d, err := os.Open("/proc/self/fd")
	if err != nil {
		return nil, err
	}
	defer d.Close()
	self := int(d.Fd())
	names, err := d.Readdirnames(-1)
	if err != nil {
		return nil, err
	}
	out := make([]openFD, 0, len(names))
	for _, n := range names {
		fd, err := strconv.Atoi(n)
		if err != nil || fd == self {
			continue
		}
		link := "/proc/self/fd/" + n
		target, err := os.Readlink(link)
		if err != nil {
			continue // closed meanwhile
		}
		target = strings.TrimSuffix(target, " (deleted)")
		o := openFD{descriptor: descriptor{fd: fd, target: target, cloexec: cloexec(fd)}, id: target}
		var st syscall.Stat_t
		if syscall.Stat(link, &st) == nil {
			o.id = strconv.FormatUint(st.Dev, 10) + ":" + strconv.FormatUint(st.Ino, 10)
			if strings.HasPrefix(target, "anon_inode:") {
				// Anonymous inodes of every kind share one inode: the
				// epoll the runtime made at the start and an inotify made
				// later under its number are told apart by their kind.
				o.id += " " + target
			}
		}
		out = append(out, o)
	}
	return out, nil
}
