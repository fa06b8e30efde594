//go:build !unix

package layout

const (
	oDirectory = 0
	oNoFollow  = 0
)
