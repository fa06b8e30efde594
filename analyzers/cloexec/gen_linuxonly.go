//go:build ignore

// gen_linuxonly writes linuxonly.txt.gz: the exported names of syscall and
// golang.org/x/sys/unix that Linux has and no other platform does, as the
// module's go.mod pins them. Run it with go generate after updating either.
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"go/token"
	"log"
	"os"
	"slices"

	"golang.org/x/tools/go/packages"
)

// others are the non-Linux platforms with a syscall package of their own,
// each with one architecture: a name they lack on that one they lack.
var others = []string{
	"aix/ppc64", "darwin/amd64", "dragonfly/amd64", "freebsd/amd64", "illumos/amd64", "ios/arm64",
	"js/wasm", "netbsd/amd64", "openbsd/amd64", "plan9/amd64", "solaris/amd64", "wasip1/wasm", "windows/amd64",
}

func names(goos, goarch string) map[string]bool {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes,
		Env:  append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0"),
	}
	pkgs, err := packages.Load(cfg, "syscall", "golang.org/x/sys/unix")
	if err != nil {
		log.Fatal(err)
	}
	out := make(map[string]bool)
	for _, p := range pkgs {
		if p.Types == nil {
			log.Fatalf("%s/%s: %s has no types", goos, goarch, p.PkgPath)
		}
		for _, n := range p.Types.Scope().Names() {
			if token.IsExported(n) {
				out[p.PkgPath+"."+n] = true
			}
		}
	}
	return out
}

func main() {
	linux := names("linux", "amd64")
	for _, p := range others {
		goos, goarch, _ := bytes.Cut([]byte(p), []byte("/"))
		for n := range names(string(goos), string(goarch)) {
			delete(linux, n)
		}
	}
	var list []string
	for n := range linux {
		list = append(list, n)
	}
	slices.Sort(list)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	for _, n := range list {
		fmt.Fprintln(zw, n)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("linuxonly.txt.gz", buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}
