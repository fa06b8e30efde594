package ignore

import "os"

func f(p string) {
	//tmplint:ignore filemode the directory is a drop box shared on purpose
	os.Chmod(p, 0o777)

	os.Chmod(p, 0o666) //tmplint:ignore filemode,temppath shared with the web server group on purpose

	//tmplint:ignore filemode nothing to silence here // want `unused //tmplint:ignore directive for filemode`
	os.Chmod(p, 0o600)

	//tmplint:ignore filemode silences a strict-only finding: used even in the default profile
	os.Create(p)

	//tmplint:ignore filemod the drop box is shared // want `//tmplint:ignore directive names filemod, which is not a tmplint analyzer, so it silences nothing: did you mean filemode\?`
	os.Chmod(p, 0o600)
}
