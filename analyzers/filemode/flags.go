package filemode

import (
	"fmt"
	"strconv"
)

// modeFlag is a flag holding a permission mode, written in octal.
type modeFlag uint64

func (m *modeFlag) String() string { return fmt.Sprintf("%04o", uint64(*m)) }

func (m *modeFlag) Set(s string) error {
	v, err := strconv.ParseUint(s, 8, 32)
	if err != nil {
		v, err = strconv.ParseUint(s, 0, 32)
	}
	if err != nil || v > 0o777 {
		return fmt.Errorf("invalid mode %q: want permission bits in octal, such as 0600", s)
	}
	*m = modeFlag(v)
	return nil
}
