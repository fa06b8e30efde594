#!/usr/bin/env bash
# bench/run.sh — how much tmplint's analyzers cost on a large real corpus.
#
# Runs the standalone driver over the package set twice per round: once
# with every analyzer (the default profile, or -strict with STRICT=1) and
# once with every analyzer disabled, which is the same driver doing the
# same loading and type-checking with no analysis. Prints the median wall
# time and peak RSS of each, and their ratios.
#
# The result cache is off (TMPLINT_CACHE=off) so that every round analyzes
# every package: with it on, every round after the first answers from the
# cache and measures the cache, not the analyzers. CACHE=1 keeps the cache
# (a private one in the work directory) to measure warm re-runs instead.
#
# Usage: bench/run.sh [rounds] [packages...]     (default: 5 rounds over std)
# Environment: STRICT=1 for the strict profile; TESTS=1 to include tests;
# CACHE=1 to keep results between rounds.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-5}
shift || true
pkgs=("${@:-std}")
[ ${#pkgs[@]} -eq 0 ] && pkgs=(std)

work=$(mktemp -d "${TMPDIR:-/tmp}/tmplint-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

(cd "$here" && go build -o "$work/tmplint" ./cmd/tmplint)
if [ "${CACHE:-0}" = 1 ]; then
	export TMPLINT_CACHE="$work/cache"
else
	export TMPLINT_CACHE=off
fi
bin="$work/tmplint"

# The -NAME=false flags that disable every analyzer.
none=()
for name in $("$bin" help | awk '/^Analyzers:/{on=1; next} on && NF>1 && /^\t/{print $1}'); do
	none+=("-$name=false")
done
full=()
[ "${STRICT:-0}" = 1 ] && full+=(-strict)
common=("-test=$([ "${TESTS:-0}" = 1 ] && echo true || echo false)")

measure() { # label args... → appends "seconds kilobytes" to $work/label
	local label=$1
	shift
	# Exit status 1 means findings, which is expected on std.
	(cd "$(go env GOROOT)/src" && /usr/bin/time -f "%e %M %U %S" -o "$work/t" "$bin" "$@" >/dev/null 2>"$work/err") || {
		rc=$?
		if [ $rc -ne 1 ]; then
			echo "tmplint $* exited $rc:" >&2
			cat "$work/err" >&2
			exit 1
		fi
	}
	tail -n1 "$work/t" >>"$work/times.$label"
}

echo "corpus: ${pkgs[*]} (tests: ${TESTS:-0}, strict: ${STRICT:-0}, cache: ${CACHE:-0}), $rounds rounds, $(nproc) CPUs, $(go version)"
for i in $(seq "$rounds"); do
	measure baseline "${common[@]}" "${none[@]}" "${pkgs[@]}"
	measure tmplint "${common[@]}" "${full[@]}" "${pkgs[@]}"
	printf 'round %d: baseline %s   tmplint %s\n' "$i" "$(tail -n1 "$work/times.baseline")" "$(tail -n1 "$work/times.tmplint")"
done

median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
bt=$(cut -d' ' -f1 "$work/times.baseline" | median)
tt=$(cut -d' ' -f1 "$work/times.tmplint" | median)
bm=$(cut -d' ' -f2 "$work/times.baseline" | median)
tm=$(cut -d' ' -f2 "$work/times.tmplint" | median)
bc=$(awk '{print $3+$4}' "$work/times.baseline" | median)
tc=$(awk '{print $3+$4}' "$work/times.tmplint" | median)
awk -v bt="$bt" -v tt="$tt" -v bm="$bm" -v tm="$tm" -v bc="$bc" -v tc="$tc" 'BEGIN {
	printf "%-10s %10s %10s %14s\n", "", "wall (s)", "CPU (s)", "peak RSS (MB)"
	printf "%-10s %10.2f %10.2f %14.0f\n", "baseline", bt, bc, bm/1024
	printf "%-10s %10.2f %10.2f %14.0f\n", "tmplint", tt, tc, tm/1024
	printf "%-10s %9.3fx %9.3fx %13.3fx\n", "ratio", tt/bt, tc/bc, tm/bm
}'
