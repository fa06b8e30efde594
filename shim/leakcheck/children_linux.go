package leakcheck

import (
	"bytes"
	"os"
	"strconv"
	"strings"
)

// children lists the child processes of this process from /proc/*/stat:
// those whose parent is us, with their state and start time.
func children() ([]child, error) {
	d, err := os.Open("/proc")
	if err != nil {
		return nil, err
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return nil, err
	}
	self := os.Getpid()
	var out []child
	for _, n := range names {
		pid, err := strconv.Atoi(n)
		if err != nil || pid == self {
			continue
		}
		b, err := os.ReadFile("/proc/" + n + "/stat")
		if err != nil {
			continue // gone
		}
		c, ppid, ok := parseStat(pid, b)
		if !ok || ppid != self {
			continue
		}
		c.cmdline = cmdline(n, b)
		out = append(out, c)
	}
	return out, nil
}

// parseStat reads state, ppid and start time from a /proc/PID/stat line:
// "pid (comm) state ppid … starttime …", where comm may hold spaces and
// parentheses, so the fields are counted from its last ')'.
func parseStat(pid int, b []byte) (child, int, bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return child{}, 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	// f[0] is field 3 (state), f[1] field 4 (ppid), f[19] field 22 (starttime).
	if len(f) < 20 || len(f[0]) != 1 {
		return child{}, 0, false
	}
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		return child{}, 0, false
	}
	start, _ := strconv.ParseUint(f[19], 10, 64)
	return child{pid: pid, start: start, state: f[0][0]}, ppid, true
}

// cmdline returns the arguments of process n joined by spaces, or, for a
// zombie (which has none left), its name from stat in brackets.
func cmdline(n string, stat []byte) string {
	b, _ := os.ReadFile("/proc/" + n + "/cmdline")
	if s := strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " ")); s != "" {
		return s
	}
	if i, j := bytes.IndexByte(stat, '('), bytes.LastIndexByte(stat, ')'); i >= 0 && j > i {
		return "[" + string(stat[i+1:j]) + "]"
	}
	return "[?]"
}
