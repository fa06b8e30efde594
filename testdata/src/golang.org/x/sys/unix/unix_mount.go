package unix

func Mount(source string, target string, fstype string, flags uintptr, data string) (err error) {
	return
}
func Unmount(target string, flags int) (err error) { return }

const MNT_DETACH = 0x2
