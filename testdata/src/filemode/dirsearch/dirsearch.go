// Package dirsearch: a directory's write bit lets a class create, delete or
// rename entries only together with its search (x) bit, so a directory
// mode without x is not "writable" by that class; a file's write bit is.
// (A mode that lets others only read or list, at a predictable name, is
// temppath's finding: the names taken from the caller keep it here.)
package dirsearch

import "os"

func writeWithoutSearch() {
	_ = os.Mkdir("/tmp/dirsearch-a", 0o666) // not reported: a predictable name, temppath's finding
}

func groupWriteWithoutSearch(name string) {
	_ = os.Mkdir("/tmp/"+name, 0o760) // want `makes the directory readable by its group: the umask`
}

func writeWithSearch() {
	_ = os.Mkdir("/tmp/dirsearch-c", 0o777) // want `makes the directory writable by any local user: the umask`
}

func otherWriteAndSearchOnly() {
	_ = os.MkdirAll("/tmp/dirsearch-d", 0o703) // want `makes the directory writable by any local user: the umask`
}

func fileNeedsNoSearchBit() {
	_ = os.WriteFile("/tmp/dirsearch-e", nil, 0o666) // want `makes the file writable by any local user: the umask`
}

// Write without search: the owner cannot make entries; the search bit
// is added, as for read.
func ownerWriteOnly(name string) {
	_ = os.Mkdir("/tmp/"+name, 0o222) // want `use 0o300`
}
