package unix

// The calls that create FIFOs, device nodes and unix sockets.

const (
	S_IFIFO  = 0x1000
	S_IFSOCK = 0xc000
)

type SockaddrUnix struct {
	Name string
}

func Mkfifo(path string, mode uint32) (err error)                      { return }
func Mkfifoat(dirfd int, path string, mode uint32) (err error)         { return }
func Mknod(path string, mode uint32, dev int) (err error)              { return }
func Mknodat(dirfd int, path string, mode uint32, dev int) (err error) { return }
func Bind(fd int, sa Sockaddr) (err error)                             { return }
