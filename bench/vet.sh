#!/usr/bin/env bash
# bench/vet.sh — tmplint as a go vet tool against the floor: bench/vetfloor,
# a vettool that declares a fact and does nothing, so that go vet runs it on
# every dependency for facts as it does tmplint.
#
#   bench/vet.sh [packages]        (default: std cmd, run in GOROOT/src)
#
# Prints, per tool, the median wall and CPU time of `go vet -vettool`, the
# ratio to the floor, and the peak RSS of the largest units (each unit is
# one process; a wrapper records its RSS). The build cache is warmed by one
# untimed run. go vet caches each unit's facts and output under a key that
# includes the tool's ID, a hash of the tool's executable (-V=full); so that
# every timed run analyzes every package, each run uses a copy of the tool
# with a few bytes appended after the executable, which change its hash and
# nothing else.
#
# Environment: RUNS (default 3), UNITS (largest units listed, default 5),
#              FLAGS (extra tmplint flags, e.g. -strict).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-3}
UNITS=${UNITS:-5}
if [ $# -gt 0 ]; then pkgs=("$@"); else pkgs=(std cmd); fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tmplint-vet.XXXXXX")
trap 'rm -rf "$work"' EXIT

(cd "$repo" && go build -o "$work/tmplint" ./cmd/tmplint && go build -o "$work/vetfloor" ./bench/vetfloor)
for tool in vetfloor tmplint; do
	# The wrapper appends "rss_kb seconds package" of every unit to units.$tool.
	cat >"$work/wrap-$tool" <<WRAP
#!/usr/bin/env bash
cfg=\${@: -1}
unit=-
case \$cfg in *.cfg) unit=\$(sed -n 's/^[[:space:]]*"ID": "\\(.*\\)",\$/\\1/p' "\$cfg" | head -n 1 | tr ' ' '_') ;; esac
exec /usr/bin/time -a -o "$work/units.$tool" -f "%M %e \$unit" "\$VETBIN" "\$@"
WRAP
	chmod +x "$work/wrap-$tool"
done

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
flags=(${FLAGS:-})
run=100
vet() { # TOOL → appends "wall cpu" to times.TOOL
	local tool=$1
	run=$((run + 1))
	: >"$work/units.$tool"
	# The bytes appended differ in every run of every invocation: a copy
	# equal to one of an earlier invocation would find that run's results
	# in go vet's cache.
	cp "$work/$tool" "$work/$tool.$run" && echo "run $run $$ $(date +%s%N)" >>"$work/$tool.$run"
	(cd "$(go env GOROOT)/src" && VETBIN="$work/$tool.$run" /usr/bin/time -f "%e %U %S" -o "$work/t" go vet -vettool="$work/wrap-$tool" \
		$([ "$tool" = tmplint ] && echo "${flags[@]}") "${pkgs[@]}" >/dev/null 2>&1) || true
	tail -n 1 "$work/t" | awk '{ printf "%s %.2f\n", $1, $2 + $3 }' >>"$work/times.$tool"
	rm -f "$work/$tool.$run"
	sort -rn "$work/units.$tool" | grep -v ' -$' >"$work/units.$tool.$run" || true
}

echo "packages: ${pkgs[*]} (in GOROOT/src), $RUNS runs, $(nproc) CPUs, $(go version | cut -d' ' -f3)" >&2
# Warm the build cache, then forget the warm-up's times (whatever its
# status: a warm-up time left in the list would pull the median down).
vet vetfloor
vet tmplint
: >"$work/times.vetfloor"
: >"$work/times.tmplint"
for ((i = 0; i < RUNS; i++)); do
	for tool in vetfloor tmplint; do
		vet "$tool"
		echo "  $tool: $(tail -n 1 "$work/times.$tool") (load $(cut -d' ' -f1 /proc/loadavg))" >&2
	done
done
fw=$(cut -d' ' -f1 "$work/times.vetfloor" | median) fc=$(cut -d' ' -f2 "$work/times.vetfloor" | median)
tw=$(cut -d' ' -f1 "$work/times.tmplint" | median) tc=$(cut -d' ' -f2 "$work/times.tmplint" | median)
printf '%-10s %10s %10s\n' "" "wall (s)" "CPU (s)"
printf '%-10s %10.1f %10.1f\n' vetfloor "$fw" "$fc" tmplint "$tw" "$tc"
awk -v fw="$fw" -v fc="$fc" -v tw="$tw" -v tc="$tc" 'BEGIN { printf "%-10s %9.2fx %9.2fx\n", "ratio", tw / fw, tc / fc }'
for tool in vetfloor tmplint; do
	echo "largest units of $tool (peak RSS MiB, seconds, unit), last run:"
	head -n "$UNITS" "$work/units.$tool.$run" 2>/dev/null || head -n "$UNITS" "$(ls -t "$work"/units.$tool.* | head -n 1)"
done | awk 'NF == 3 { printf "  %6.0f %6.1f  %s\n", $1 / 1024, $2, $3; next } { print }'
