package leakfix

import "os"

// errDeclaredAlone: "err" is declared alone at the top level, so naming
// the result err would not compile: the result is named retErr.
func errDeclaredAlone() (string, error) {
	err := check("")
	if err != nil {
		return "", err
	}
	dir, err2 := os.MkdirTemp("", "x-") // want `returned to the caller but not removed on the return that leaks it.*name the error result retErr and defer func`
	if err2 != nil {
		return "", err2
	}
	if err := check(dir); err != nil {
		return "", err
	}
	return dir, nil
}

// shadowedErr: the creation's err, in an inner block, shadows a result
// named err where the defer goes: the deferred test would read the inner
// one, nil after its check, and never remove. The result is named retErr.
func shadowedErr(key string) (string, error) {
	path := key
	if path == "" {
		f, err := os.CreateTemp("", "id_*") // want `returned to the caller but not removed on the return that leaks it.*name the error result retErr and defer func\(\) \{ if retErr != nil`
		if err != nil {
			return "", err
		}
		if _, err := f.WriteString(key); err != nil {
			return "", err
		}
		path = f.Name()
	}
	return path, nil
}
