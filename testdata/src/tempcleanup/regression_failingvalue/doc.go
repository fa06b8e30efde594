// Package regression_failingvalue pins a debatable finding (issue 26,
// strict read s30 groups 7 and 9: net/http's transfer_test.go and
// transport_test.go): a test helper held as a function value — a literal
// in a variable, put in a table of cases — whose error returns leak its
// temp file, where every read of the table calls it and fails the test on
// the error. The leak happens only in a failed test: strict-only, as for
// a helper declared as a function. A table read whose error is only
// logged, a helper value passed to unknown code, or a call that ignores
// the error keep the finding. Cases in failingvalue_test.go.
package regression_failingvalue
