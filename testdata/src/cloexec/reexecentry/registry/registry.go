// Package registry keeps callbacks by name, but never runs them as a
// program: no os.Args[0] lookup.
package registry

var hooks = make(map[string]func())

// Add adds a hook.
func Add(name string, hook func()) { hooks[name] = hook }

// Run runs the hook called name.
func Run(name string) {
	if h, ok := hooks[name]; ok {
		h()
	}
}
