#!/usr/bin/env bash
# Peer comparison: tmplint beside gosec and staticcheck on the same
# packages, with wall time and peak resident memory, and ratios to tmplint.
#
#   bench/peers.sh [PATTERN...]
#
# The patterns are resolved in $(go env GOROOT)/src (default: a standard
# library subset that exercises files, temp dirs and processes). Each tool
# analyzes the packages and their tests from source, from a cold start:
# staticcheck gets an empty cache directory for every run.
#
# Environment:
#   GOSEC_VERSION        gosec release (default v2.29.0, the newest whose
#                        dependencies all resolve through the module proxy)
#   STATICCHECK_VERSION  staticcheck release (default v0.8.2, tmplint's pin)
#   PEERS_GOBIN          where the tools are installed (default
#                        ${XDG_CACHE_HOME:-~/.cache}/tmplint-bench/bin)
#   RUNS                 runs per tool; the median wall time is reported
#                        (default 1)
#   OUT                  output directory (default bench/out/peers)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
GOSEC_VERSION=${GOSEC_VERSION:-v2.29.0}
STATICCHECK_VERSION=${STATICCHECK_VERSION:-v0.8.2}
PEERS_GOBIN=${PEERS_GOBIN:-${XDG_CACHE_HOME:-$HOME/.cache}/tmplint-bench/bin}
RUNS=${RUNS:-1}
OUT=${OUT:-$repo/bench/out/peers}
goroot=$(go env GOROOT)
if [ $# -gt 0 ]; then
	patterns=("$@")
else
	patterns=(./os/... ./io/... ./archive/... ./compress/... ./mime/... ./path/...)
fi

mkdir -p "$PEERS_GOBIN" "$OUT"
work=$(mktemp -d "${TMPDIR:-/tmp}/tmplint-peers.XXXXXX")
trap 'rm -rf "$work"' EXIT

# install NAME PACKAGE VERSION: go install into a private GOBIN, keeping one
# binary per version.
install() {
	local name=$1 pkg=$2 version=$3 bin="$PEERS_GOBIN/$1-$3"
	if [ ! -x "$bin" ]; then
		echo "installing $pkg@$version" >&2
		GOBIN="$work/gobin" GOFLAGS= go install "$pkg@$version" >&2
		mv "$work/gobin/$name" "$bin"
	fi
	echo "$bin"
}

gosec=$(install gosec github.com/securego/gosec/v2/cmd/gosec "$GOSEC_VERSION")
staticcheck=$(install staticcheck honnef.co/go/tools/cmd/staticcheck "$STATICCHECK_VERSION")
tmplint="$work/tmplint"
(cd "$repo" && go build -o "$tmplint" ./cmd/tmplint)
tmplint_version=$(cd "$repo" && git describe --always --dirty 2>/dev/null || echo dev)

# measure NAME CMD...: run CMD in GOROOT/src, print "wall_seconds peak_rss_kb
# cpu_seconds findings" and keep its output in $OUT/NAME.out. CPU time
# (user+system) is the steadier number on a shared machine.
measure() {
	local name=$1
	shift
	local stats="$work/$name.time"
	if [ -x /usr/bin/time ]; then
		(cd "$goroot/src" && /usr/bin/time -f "%e %M %U %S" -o "$stats" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err") || true
	else
		(cd "$goroot/src" && python3 - "$stats" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" <<'PY') || true
import resource, subprocess, sys, time
start = time.monotonic()
subprocess.run(sys.argv[2:])
wall = time.monotonic() - start
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write(f"{wall:.2f} {ru.ru_maxrss} {ru.ru_utime:.2f} {ru.ru_stime:.2f}\n")
PY
	fi
	local findings
	findings=$(grep -cE '^[^[:space:]][^:]*\.go:[0-9]+:[0-9]+: ' "$OUT/$name.out" || true)
	tail -n 1 "$stats" | awk -v f="$findings" '{ printf "%s %s %.2f %d\n", $1, $2, $3 + $4, f }'
}

# run_tool NAME CMD...: RUNS measurements, reporting the median wall time,
# the largest peak RSS and the median CPU time.
run_tool() {
	local name=$1
	shift
	local i
	: >"$work/$name.runs"
	for ((i = 0; i < RUNS; i++)); do
		if [ "$name" = staticcheck ]; then
			rm -rf "$work/sc-cache"
			export STATICCHECK_CACHE="$work/sc-cache"
		fi
		measure "$name" "$@" >>"$work/$name.runs"
		echo "  $name run $((i + 1)): $(tail -n 1 "$work/$name.runs")" >&2
	done
	local cpu
	cpu=$(sort -k3 -n "$work/$name.runs" | awk -v n="$RUNS" 'NR == int((n + 1) / 2) { print $3 }')
	sort -n "$work/$name.runs" | awk -v n="$RUNS" -v name="$name" -v cpu="$cpu" '
		{ wall[NR] = $1; if ($2 > rss) rss = $2; f = $4 }
		END { printf "%s %s %d %d %s\n", name, wall[int((n + 1) / 2)], rss, f, cpu }'
}

echo "packages (in $goroot/src): ${patterns[*]}" >&2
{
	run_tool tmplint "$tmplint" "${patterns[@]}"
	run_tool gosec "$gosec" -quiet -tests -fmt=golint "${patterns[@]}"
	run_tool staticcheck "$staticcheck" -tests "${patterns[@]}"
} >"$work/summary"

versions=("tmplint $tmplint_version" "gosec $GOSEC_VERSION" "staticcheck $STATICCHECK_VERSION")
{
	echo "date:     $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "machine:  $(nproc) CPUs, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
	echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min, at the end)"
	echo "go:       $(go version | cut -d' ' -f3-)"
	echo "packages: ${patterns[*]} (in GOROOT/src, with tests)"
	echo
	echo "| tool | version | wall (s) | CPU (s) | peak RSS (MiB) | findings | wall / tmplint | CPU / tmplint | RSS / tmplint |"
	echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
	awk -v v1="${versions[0]}" -v v2="${versions[1]}" -v v3="${versions[2]}" '
		BEGIN { split(v1 "|" v2 "|" v3, vs, "|"); for (i in vs) { split(vs[i], p, " "); ver[p[1]] = p[2] } }
		NR == 1 { bw = $2; br = $3; bc = $5 }
		{ printf "| %s | %s | %.1f | %.1f | %.0f | %d | %.2f | %.2f | %.2f |\n", $1, ver[$1], $2, $5, $3 / 1024, $4, $2 / bw, $5 / bc, $3 / br }
	' "$work/summary"
} | tee "$OUT/table.md"
