package ignore

import "os"

func f(data []byte) {
	//tmplint:ignore temppath the name is a well-known rendezvous point with the helper process
	os.WriteFile("/tmp/helper.sock.info", data, 0o600)

	//tmplint:ignore temppath nothing here is predictable // want `unused //tmplint:ignore directive for temppath`
	os.WriteFile(os.Getenv("OUT"), data, 0o600)

	//tmplint:ignore temppath O_EXCL squatting is a strict-only finding, so the directive is used in every profile
	os.OpenFile("/tmp/x.lock", os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
}
