// Package securejoin is a stub of github.com/cyphar/filepath-securejoin.
package securejoin

// SecureJoin joins unsafePath to root, resolved within root.
func SecureJoin(root, unsafePath string) (string, error) { return root + "/" + unsafePath, nil }
