// Package directives defines an Analyzer that finds tmplint's
// suppression directives and the generated files of a package.
//
// # Analyzer directives
//
// directives: collect //tmplint:ignore directives and generated files
//
// A directive has the form
//
//	//tmplint:ignore NAME[,NAME...] reason
//
// and applies to a finding of one of the named analyzers on the line of the
// directive or on the line below it. The reason is required. The pass
// reports nothing: every analyzer of the suite consults its result through
// package internal/report, which also reports directives that are malformed
// or that silence nothing.
//
// Generated files (those with a "// Code generated ... DO NOT EDIT."
// comment, as recognized by ast.IsGenerated) are recorded so that analyzers
// can skip them.
package directives
