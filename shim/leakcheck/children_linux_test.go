package leakcheck

import "testing"

func TestParseStat(t *testing.T) {
	line := "4242 (we) ird (name) Z 17 4242 4242 0 -1 4194572 0 0 0 0 0 0 0 0 20 0 1 0 98765 0 0\n"
	c, ppid, ok := parseStat(4242, []byte(line))
	if !ok || ppid != 17 || c.state != 'Z' || c.start != 98765 {
		t.Errorf("parseStat = %+v, %d, %v", c, ppid, ok)
	}
	if got := cmdline("no-such-pid", []byte(line)); got != "[we) ird (name]" {
		t.Errorf("zombie command line = %q", got)
	}
}
