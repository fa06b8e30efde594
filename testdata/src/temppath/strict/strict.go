package strict

import "os"

func excl(flags int) {
	os.OpenFile("/tmp/x.lock", os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600) // want `os.OpenFile with O_EXCL at a predictable name in shared temp dir: another local user can create the name first and make it fail; use os.CreateTemp`
	os.OpenFile("/tmp/y.log", flags, 0o600)                            // want `os.OpenFile with flags that may include O_CREATE at a predictable name in shared temp dir`
	os.OpenFile("/tmp/y.log", os.O_RDONLY, 0)                          // ok
	dir, err := os.MkdirTemp("", "x")
	if err != nil {
		return
	}
	os.OpenFile(dir+"/x.lock", os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600) // ok: private
}
