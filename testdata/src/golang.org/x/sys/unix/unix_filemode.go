package unix

// Mode functions for the filemode tests.

func Mkdir(path string, mode uint32) (err error)                    { return }
func Mkdirat(dirfd int, path string, mode uint32) (err error)       { return }
func Chmod(path string, mode uint32) (err error)                    { return }
func Fchmod(fd int, mode uint32) (err error)                        { return }
func Fchmodat(dirfd int, path string, mode uint32, flags int) error { return nil }
func Umask(mask int) (oldmask int)                                  { return }
