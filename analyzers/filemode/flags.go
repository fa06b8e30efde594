package filemode

import (
	"fmt"
	"strconv"
	"strings"
)

// modeFlag is a flag holding a permission mode, written in octal.
type modeFlag uint64

func (m *modeFlag) String() string { return fmt.Sprintf("%04o", uint64(*m)) }

// Set accepts octal digits, with or without a 0o prefix ("0600", "600",
// "0o600"); any other base (0x1a4, 0b110100100) is refused, as a mode is
// read in octal everywhere else.
func (m *modeFlag) Set(s string) error {
	digits := s
	if rest, ok := strings.CutPrefix(s, "0o"); ok {
		digits = rest
	} else if rest, ok := strings.CutPrefix(s, "0O"); ok {
		digits = rest
	}
	v, err := strconv.ParseUint(digits, 8, 32)
	if err != nil || v > 0o777 {
		return fmt.Errorf("invalid mode %q: want permission bits in octal, such as 0600", s)
	}
	*m = modeFlag(v)
	return nil
}
