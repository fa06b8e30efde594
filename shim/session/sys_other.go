//go:build !unix

package session

import "os"

// oNonblock is 0 where opening a file never waits for a reader.
const oNonblock = 0

func isNoReader(error) bool { return false }

func setBlocking(f *os.File) (*os.File, error) { return f, nil }

const oNoFollow = 0
