package session

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// fsAppendFL is FS_APPEND_FL of linux/fs.h, the flag chattr +a sets.
const fsAppendFL = 0x20

// TestAuditFileChattrAppendOnly: the documented setup of a file sink that
// its writer can append to but not rewrite. With the append-only flag set
// (chattr +a, which takes CAP_LINUX_IMMUTABLE), sessions write their
// events through OpenAuditFile (O_APPEND), while truncating, overwriting,
// renaming or removing the file fails — even for root.
func TestAuditFileChattrAppendOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	af, err := OpenAuditFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer af.Close()
	flags, err := unix.IoctlGetInt(int(af.Fd()), unix.FS_IOC_GETFLAGS)
	if err == nil {
		err = unix.IoctlSetPointerInt(int(af.Fd()), unix.FS_IOC_SETFLAGS, flags|fsAppendFL)
	}
	if err != nil {
		t.Skipf("cannot set the append-only flag here (needs CAP_LINUX_IMMUTABLE and ext4, xfs, btrfs or similar): %v", err)
	}
	t.Cleanup(func() { // after af is closed: through a descriptor of its own
		if f, err := os.Open(path); err == nil {
			unix.IoctlSetPointerInt(int(f.Fd()), unix.FS_IOC_SETFLAGS, flags)
			f.Close()
		}
	})

	for range 2 {
		s, err := New("tool", WithTempDir(dir), WithAudit(af), WithAuditErrors(func(err error) { t.Error(err) }))
		if err != nil {
			t.Fatal(err)
		}
		if err := auditWork(s); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := os.ReadFile(path)
	if r, err := VerifyAudit(bytes.NewReader(before), nil); err != nil || !r.Intact() || len(r.Heads) != 2 {
		t.Fatalf("append-only file: %v %+v", err, r)
	}
	if err := os.Truncate(path, 0); !errors.Is(err, unix.EPERM) {
		t.Errorf("truncate: %v, want EPERM", err)
	}
	if f, err := os.OpenFile(path, os.O_WRONLY, 0); !errors.Is(err, unix.EPERM) {
		if f != nil {
			f.Close()
		}
		t.Errorf("open for overwriting: %v, want EPERM", err)
	}
	if err := os.Rename(path, path+".old"); !errors.Is(err, unix.EPERM) {
		t.Errorf("rename: %v, want EPERM", err)
	}
	if err := os.Remove(path); !errors.Is(err, unix.EPERM) {
		t.Errorf("remove: %v, want EPERM", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Error("the append-only file changed")
	}
}
