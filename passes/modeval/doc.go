// Package modeval defines an Analyzer that evaluates file-mode arguments.
//
// # Analyzer modeval
//
// modeval: evaluate file mode expressions and find decimal literals that read as octal (reports nothing)
//
// Value evaluates a mode argument to its constant value with the type
// checker's constant folding, so literals, named and typed constants,
// os.ModePerm, fs.ModeSticky, | and &^ expressions and conversions such as
// fs.FileMode(0o644) or uint32(0o600) all evaluate.
//
// Within tells, for a mode that is not constant, whether every value it can
// take is known to stay within a policy: a local variable whose every
// assignment is within the policy, a mask with a constant within the
// policy (m & 0o600), a mode with the bits outside the policy cleared
// (m &^ 0o077), a conversion or a choice between such values.
//
// DecimalLiterals finds the integer literals written in decimal that a mode
// expression is made of, following constants declared in the package.
// DecimalReadsAsOctal tells which of them were meant as octal: see its
// documentation for the rule.
package modeval
