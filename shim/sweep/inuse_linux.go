package sweep

import (
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// inUseChecked says whether files in use by live processes are found here.
const inUseChecked = ""

// scanInUse finds the files and directories that live processes (but this
// one) have open or as their working directory: for each process whose
// /proc entries we may read (our user's; every one for root), the targets
// of /proc/PID/cwd and /proc/PID/fd/*, by device and inode, so that the
// names they were opened by, and a rename since, do not matter.
func scanInUse() map[fileKey]user {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	self := os.Getpid()
	m := make(map[fileKey]user)
	add := func(path string, u user) {
		var st unix.Stat_t
		if unix.Stat(path, &st) == nil {
			m[fileKey{uint64(st.Dev), st.Ino}] = u
		}
	}
	for _, n := range names {
		pid, err := strconv.Atoi(n)
		if err != nil || pid == self {
			continue
		}
		dir := "/proc/" + n
		add(dir+"/cwd", user{pid: pid, cwd: true})
		fds, err := os.ReadDir(dir + "/fd")
		if err != nil {
			continue // gone, or another user's
		}
		for _, fd := range fds {
			add(dir+"/fd/"+fd.Name(), user{pid: pid})
		}
	}
	return m
}

// String names the process and how it uses the file.
func (u user) String() string {
	comm, _ := os.ReadFile("/proc/" + strconv.Itoa(u.pid) + "/comm")
	how := "has it open"
	if u.cwd {
		how = "works in it (its working directory)"
	}
	return fmt.Sprintf("pid %d (%s) %s", u.pid, strings.TrimSpace(string(comm)), how)
}

// keyOf returns the device and inode of fi.
func keyOf(fi fs.FileInfo) (fileKey, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileKey{}, false
	}
	return fileKey{uint64(st.Dev), st.Ino}, true
}
