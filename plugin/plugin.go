// Package plugin is tmplint's golangci-lint v2 module plugin.
//
// A custom golangci-lint binary that blank-imports this package (see
// .custom-gcl.example.yml) offers the linter "tmplint", configured under
// linters.settings.custom.tmplint.settings (see .golangci.example.yml):
//
//	strict: true                 # every analyzer's strict profile
//	enable: [filemode, execfd]   # only these analyzers (default: all)
//	disable: [cloexec]           # all but these
//	settings:                    # any analyzer flag, by analyzer and flag name
//	  filemode:
//	    strict: false
//
// Settings are decoded strictly: an unknown key, analyzer or flag is an
// error that names it, so a typo cannot silently turn a check off.
//
// golangci-lint --fix applies every fix it is given, so the plugin gives it
// only the safe ones (see internal/fixclass): the findings are the same,
// but a fix that changes behaviour (narrowing a mode, a random temp name,
// an added removal) is left for tmplint -diff and -fix=all, where a person
// reviews it.
package plugin

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/tmplint/tmplint/analyzers"
	"github.com/tmplint/tmplint/internal/fixclass"
)

func init() {
	register.Plugin("tmplint", New)
}

// Settings is the plugin's configuration.
type Settings struct {
	// Strict selects every analyzer's strict profile; a per-analyzer
	// "strict" in Settings overrides it.
	Strict bool `json:"strict"`
	// Enable, if not empty, lists the only analyzers to run.
	Enable []string `json:"enable"`
	// Disable lists analyzers not to run.
	Disable []string `json:"disable"`
	// Settings sets analyzer flags: analyzer name → flag name → value.
	Settings map[string]map[string]any `json:"settings"`
}

// Plugin is the golangci-lint linter plugin.
type Plugin struct {
	analyzers []*analysis.Analyzer
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes the settings, applies them to the analyzers' flags and
// returns the plugin. golangci-lint calls it once per run.
func New(conf any) (register.LinterPlugin, error) {
	s, err := decode(conf)
	if err != nil {
		return nil, err
	}
	as, err := configure(analyzers.All(), s)
	if err != nil {
		return nil, err
	}
	for i, a := range as {
		as[i] = fixclass.WithSafeFixesOnly(a, nil)
	}
	return &Plugin{analyzers: as}, nil
}

// BuildAnalyzers returns the enabled analyzers.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return p.analyzers, nil
}

// GetLoadMode reports that the analyzers need type information.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}

// decode decodes golangci-lint's raw settings (a map from its YAML config,
// or nil) into Settings, rejecting unknown keys.
func decode(conf any) (Settings, error) {
	var s Settings
	if conf == nil {
		return s, nil
	}
	data, err := json.Marshal(conf)
	if err != nil {
		return s, fmt.Errorf("tmplint: encoding settings: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(&s); err != nil {
		return s, fmt.Errorf("tmplint: settings: %v (known keys: strict, enable, disable, settings)", err)
	}
	return s, nil
}

// configure applies s to the flags of all and returns the enabled
// analyzers, in suite order.
func configure(all []*analysis.Analyzer, s Settings) ([]*analysis.Analyzer, error) {
	byName := make(map[string]*analysis.Analyzer, len(all))
	var names []string
	for _, a := range all {
		byName[a.Name] = a
		names = append(names, a.Name)
	}
	known := func(key, name string) error {
		if byName[name] == nil {
			return fmt.Errorf("tmplint: %s: unknown analyzer %q (known: %s)", key, name, strings.Join(names, ", "))
		}
		return nil
	}
	for _, n := range s.Enable {
		if err := known("enable", n); err != nil {
			return nil, err
		}
	}
	for _, n := range s.Disable {
		if err := known("disable", n); err != nil {
			return nil, err
		}
		if slices.Contains(s.Enable, n) {
			return nil, fmt.Errorf("tmplint: analyzer %q is both enabled and disabled", n)
		}
	}

	if err := analyzers.SetStrict(all, s.Strict); err != nil {
		return nil, fmt.Errorf("tmplint: %v", err)
	}
	// Apply per-analyzer flags in a fixed order so errors are deterministic.
	var keys []string
	for name := range s.Settings {
		keys = append(keys, name)
	}
	sort.Strings(keys)
	for _, name := range keys {
		if err := known("settings", name); err != nil {
			return nil, err
		}
		a := byName[name]
		flags := s.Settings[name]
		var fnames []string
		for f := range flags {
			fnames = append(fnames, f)
		}
		sort.Strings(fnames)
		for _, f := range fnames {
			if err := setFlag(a, f, flags[f]); err != nil {
				return nil, err
			}
		}
	}

	var out []*analysis.Analyzer
	for _, a := range all {
		if len(s.Enable) > 0 && !slices.Contains(s.Enable, a.Name) {
			continue
		}
		if slices.Contains(s.Disable, a.Name) {
			continue
		}
		out = append(out, a)
	}
	if len(out) == 0 && len(all) > 0 {
		return nil, errors.New("tmplint: every analyzer is disabled")
	}
	return out, nil
}

// setFlag sets the flag of a from a decoded settings value: a bool, a
// number (json.Number) or a string.
func setFlag(a *analysis.Analyzer, name string, v any) error {
	fl := a.Flags.Lookup(name)
	if fl == nil {
		var known []string
		a.Flags.VisitAll(func(f *flag.Flag) { known = append(known, f.Name) })
		return fmt.Errorf("tmplint: settings.%s: unknown flag %q (known: %s)", a.Name, name, strings.Join(known, ", "))
	}
	var str string
	switch v := v.(type) {
	case bool:
		str = fmt.Sprint(v)
	case json.Number:
		str = v.String()
	case string:
		str = v
	default:
		return fmt.Errorf("tmplint: settings.%s.%s: want a bool, number or string, got %T", a.Name, name, v)
	}
	if err := a.Flags.Set(name, str); err != nil {
		return fmt.Errorf("tmplint: settings.%s.%s: %v", a.Name, name, err)
	}
	return nil
}
