package a

import (
	"io/fs"
	"os"
)

func probe(any) {}

const (
	perm          = 0o644
	decimal       = 644
	typed         = os.FileMode(0o600)
	readable uint = 420 // 0o644 written in decimal on purpose
)

var pkgMode = os.FileMode(0o600) // unexported, assigned once

func values(m os.FileMode, fi os.FileInfo, cond bool) {
	probe(0o644)                       // want `^0o644 within600=false within700=false$`
	probe(0600)                        // want `^0o600 within600=true within700=true$`
	probe(644)                         // want `^0o1204 within600=false within700=false octal:644$`
	probe(420)                         // want `^0o644 within600=false within700=false$`
	probe(perm)                        // want `^0o644 `
	probe(decimal)                     // want `^0o1204 .* octal:644$`
	probe(typed)                       // want `^0o600 within600=true`
	probe(readable)                    // want `^0o644 within600=false within700=false$`
	probe(os.ModePerm)                 // want `^0o777 `
	probe(fs.ModeSticky | 0o777)       // want `^0o4000777 `
	probe(os.ModeDir | 755)            // want `^0o20000001363 .* octal:755$`
	probe(os.FileMode(0o777) &^ 0o022) // want `^0o755 `
	probe(uint32(0o700))               // want `^0o700 within600=false within700=true$`
	probe(fs.FileMode(700))            // want `^0o1274 .* octal:700$`
	probe(m)                           // want `^variable within600=false within700=false$`
	probe(m & 0o600)                   // want `^variable within600=true within700=true$`
	probe(m &^ 0o077)                  // want `^variable within600=false within700=true$`
	probe(fi.Mode().Perm() & 0o700)    // want `^variable within600=false within700=true$`
	probe(m | 0o600)                   // want `^variable within600=false`
	probe(pkgMode)                     // want `^variable within600=true within700=true$`
	local := os.FileMode(0o600)
	if cond {
		local = 0o400
	}
	probe(local) // want `^variable within600=true within700=true$`
	wide := os.FileMode(0o600)
	if cond {
		wide = m
	}
	probe(wide) // want `^variable within600=false within700=false$`
	var zero os.FileMode
	probe(zero) // want `^variable within600=true within700=true$`
}
