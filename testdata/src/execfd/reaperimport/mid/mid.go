// Package mid imports the reaper for its importers: the fact is seen
// through imports that are not direct.
package mid

import _ "execfd/reaperinit"
