#!/usr/bin/env bash
# bench/scale.sh — the standalone driver at scale, beside gosec and
# staticcheck: wall time, CPU time and peak RSS, from a cold result cache
# and again warm, on each target, in one table.
#
#   bench/scale.sh [DIR:PATTERN ...]
#
# A target is a directory to run in and a package pattern
# (default: $(go env GOROOT)/src:./cmd/go/...). Tools, each on every target:
#
#   tmplint       this checkout's tmplint, every analyzer (default profile)
#   no-analyzer   the same driver with every analyzer disabled: listing,
#                 type-checking and caching alone
#   tmplint-base  an earlier tmplint binary, when $BASE names one (the
#                 driver this one replaces), for "cold no worse than before"
#   gosec         gosec (no cache of its own: cold and warm are two runs)
#   staticcheck   staticcheck (its own cache, emptied for the cold run)
#
# gosec loads packages its own way and analyzes no file of a package inside
# GOROOT (on cmd/go/... it reports "Files: 0"), so its row there measures
# loading alone. One more, untimed, gosec run per target counts the files it
# analyzed; the notes under the table say how many, so that no comparison
# is made with a run that did nothing.
#
# Cold means an empty result cache (tmplint's, staticcheck's) and a warm Go
# build cache: every tool gets export data or compiles through the go
# command, so the build cache is warmed by one untimed run first. Warm means
# the same command again, unchanged code. Each cell is the median of RUNS
# runs (peak RSS: the largest); each run takes every tool in turn, so that
# a shared machine's slow spells fall on all of them.
#
# Environment:
#   RUNS                 runs per cell (default 3)
#   BASE                 path of an earlier tmplint binary to compare with
#   GOSEC_VERSION        (default v2.29.0) and STATICCHECK_VERSION (default
#                        v0.8.2), installed as bench/peers.sh does
#   PEERS_GOBIN          where they are installed (default
#                        ${XDG_CACHE_HOME:-~/.cache}/tmplint-bench/bin)
#   TOOLS                the tools to run (default: all of the above)
#   OUT                  output directory (default bench/out/scale)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-3}
GOSEC_VERSION=${GOSEC_VERSION:-v2.29.0}
STATICCHECK_VERSION=${STATICCHECK_VERSION:-v0.8.2}
PEERS_GOBIN=${PEERS_GOBIN:-${XDG_CACHE_HOME:-$HOME/.cache}/tmplint-bench/bin}
OUT=${OUT:-$repo/bench/out/scale}
TOOLS=${TOOLS:-tmplint no-analyzer tmplint-base gosec staticcheck}
if [ $# -gt 0 ]; then
	targets=("$@")
else
	targets=("$(go env GOROOT)/src:./cmd/go/...")
fi

mkdir -p "$PEERS_GOBIN" "$OUT"
work=$(mktemp -d "${TMPDIR:-/tmp}/tmplint-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT

install() { # NAME PACKAGE VERSION → path of the binary
	local name=$1 pkg=$2 version=$3 bin="$PEERS_GOBIN/$1-$3"
	if [ ! -x "$bin" ]; then
		echo "installing $pkg@$version" >&2
		GOBIN="$work/gobin" GOFLAGS= go install "$pkg@$version" >&2
		mv "$work/gobin/$name" "$bin"
	fi
	echo "$bin"
}

tmplint="$work/tmplint"
(cd "$repo" && go build -o "$tmplint" ./cmd/tmplint)
none=()
for name in $("$tmplint" help | awk '/^Analyzers:/{on=1; next} on && NF>1 && /^\t/{print $1}'); do
	none+=("-$name=false")
done
case " $TOOLS " in *" gosec "*) gosec=$(install gosec github.com/securego/gosec/v2/cmd/gosec "$GOSEC_VERSION") ;; esac
case " $TOOLS " in *" staticcheck "*) staticcheck=$(install staticcheck honnef.co/go/tools/cmd/staticcheck "$STATICCHECK_VERSION") ;; esac

# command TOOL PATTERN → the command line, one word a line
command() {
	local tool=$1 pattern=$2
	case $tool in
	tmplint) printf '%s\n' "$tmplint" -cache="$work/cache.$tool" "$pattern" ;;
	no-analyzer) printf '%s\n' "$tmplint" -cache="$work/cache.$tool" "${none[@]}" "$pattern" ;;
	tmplint-base) printf '%s\n' "$BASE" "$pattern" ;;
	gosec) printf '%s\n' "$gosec" -quiet -tests -fmt=golint "$pattern" ;;
	staticcheck) printf '%s\n' env STATICCHECK_CACHE="$work/cache.$tool" "$staticcheck" -tests "$pattern" ;;
	esac
}

# measure DIR TOOL PATTERN → "wall rss_kb cpu" of one run
measure() {
	local dir=$1 tool=$2 pattern=$3
	local -a cmd
	mapfile -t cmd < <(command "$tool" "$pattern")
	(cd "$dir" && /usr/bin/time -f "%e %M %U %S" -o "$work/t" "${cmd[@]}" >"$OUT/$tool.out" 2>"$OUT/$tool.err") || true
	tail -n 1 "$work/t" | awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "| target | tool | cold wall (s) | cold CPU (s) | cold RSS (MiB) | warm wall (s) | warm CPU (s) | warm RSS (MiB) | warm/cold wall |" >"$work/table"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|" >>"$work/table"
: >"$work/notes"
for target in "${targets[@]}"; do
	dir=${target%%:*} pattern=${target#*:}
	label="$(basename "$dir") $pattern"
	echo "target $dir: $pattern" >&2
	(cd "$dir" && go list -export -test "$pattern" >/dev/null 2>&1) || true # warm the build cache
	tools=()
	for tool in $TOOLS; do
		[ "$tool" = tmplint-base ] && [ -z "${BASE:-}" ] && continue
		tools+=("$tool")
		: >"$work/cold.$tool" && : >"$work/warm.$tool"
	done
	# Rounds, not tools, on the outside: each round runs every tool once,
	# so that a machine that slows down for a while (a shared host) slows
	# every tool's cells alike instead of one tool's.
	for ((i = 0; i < RUNS; i++)); do
		for tool in "${tools[@]}"; do
			rm -rf "$work/cache.$tool"
			measure "$dir" "$tool" "$pattern" >>"$work/cold.$tool"
			measure "$dir" "$tool" "$pattern" >>"$work/warm.$tool"
			echo "  $tool run $((i + 1)): cold $(tail -n 1 "$work/cold.$tool"), warm $(tail -n 1 "$work/warm.$tool") (load $(cut -d' ' -f1 /proc/loadavg))" >&2
		done
	done
	for tool in "${tools[@]}"; do
		cw=$(cut -d' ' -f1 "$work/cold.$tool" | median) cc=$(cut -d' ' -f3 "$work/cold.$tool" | median)
		cr=$(cut -d' ' -f2 "$work/cold.$tool" | sort -n | tail -n 1)
		ww=$(cut -d' ' -f1 "$work/warm.$tool" | median) wc=$(cut -d' ' -f3 "$work/warm.$tool" | median)
		wr=$(cut -d' ' -f2 "$work/warm.$tool" | sort -n | tail -n 1)
		if [ "$tool" = gosec ]; then
			(cd "$dir" && "$gosec" -quiet -tests -fmt=json "$pattern" >"$work/gosec.json" 2>/dev/null) || true
			files=$(jq -r '.Stats.files // 0' "$work/gosec.json" 2>/dev/null) || files="?"
			if [ "${files:-0}" = 0 ]; then
				echo "- gosec analyzed no file of $label: its row measures loading only, not analysis." >>"$work/notes"
			else
				echo "- gosec analyzed $files files of $label." >>"$work/notes"
			fi
		fi
		awk -v t="$label" -v tool="$tool" -v cw="$cw" -v cc="$cc" -v cr="$cr" -v ww="$ww" -v wc="$wc" -v wr="$wr" 'BEGIN {
			printf "| %s | %s | %.1f | %.1f | %.0f | %.1f | %.1f | %.0f | %.2f |\n", t, tool, cw, cc, cr / 1024, ww, wc, wr / 1024, ww / cw
		}' >>"$work/table"
	done
	rm -rf "$work"/cache.*
done

{
	echo "date:     $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "machine:  $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min, at the end)"
	echo "go:       $(go version | cut -d' ' -f3-)"
	echo "tmplint:  $(cd "$repo" && git describe --always --dirty 2>/dev/null || echo dev); gosec $GOSEC_VERSION; staticcheck $STATICCHECK_VERSION; runs per cell: $RUNS"
	echo
	cat "$work/table"
	if [ -s "$work/notes" ]; then
		echo
		cat "$work/notes"
	fi
} | tee "$OUT/table.md"
