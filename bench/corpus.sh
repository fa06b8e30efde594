#!/usr/bin/env bash
# bench/corpus.sh — what a tmplint binary finds on std, cmd and a corpus of
# real projects, and how two such result sets differ.
#
#   bench/corpus.sh fetch
#       Copy every project of the list from the module proxy into
#       $CORPUS/src/NAME (writable) and download its dependencies.
#   bench/corpus.sh run BIN OUTDIR [TMPLINT-FLAG...]
#       Run BIN -json [FLAG...] over each target, one after the other, under
#       nice. Writes OUTDIR/NAME.txt (the findings, normalized and sorted),
#       OUTDIR/NAME.json (the raw output), OUTDIR/NAME.err (stderr: load and
#       type errors), and OUTDIR/summary.txt (findings per target and
#       analyzer, errors, exit code, wall time, peak RSS).
#   bench/corpus.sh diff OLD NEW
#       Per target, the findings only in OLD (-) and only in NEW (+), then a
#       table of counts. Compares whole findings, related lines included.
#   bench/corpus.sh list
#       The targets and their patterns.
#   bench/corpus.sh summary OUTDIR
#       Rewrite OUTDIR/summary.txt from the targets run so far (each leaves
#       OUTDIR/NAME.row), e.g. after runs of different TARGETS into OUTDIR.
#   bench/corpus.sh tally OUTDIR
#       The strict maintainer's verdicts (bench/verdicts.tsv, see its header)
#       of the findings in OUTDIR: counts per analyzer of REAL, DEBATABLE and
#       FALSE findings and of unsafe hints, the DEBATABLE share, and every
#       finding that has no verdict yet (NEW: read it, then add its line).
#
# A finding is one line, "path.go:LINE:COL: analyzer: message", the path
# relative to the module root (std and cmd: to $(go env GOROOT)/src), with
# its related information on the lines below it, indented by a tab.
#
# The targets are std and cmd (run as two invocations, each with the driver's
# defaults, so tests included; separately they need about half the memory)
# and the projects of bench/corpus.list (NAME MODULE@VERSION [PATTERN...]
# [!REGEXP...]). A project whose packages fail to load is still analyzed as
# far as it loads (tmplint exits 2, the errors are in NAME.err and counted in
# the summary); a project that is missing is reported and skipped.
#
# Flags are passed to tmplint as they are, e.g. -strict, or -tempcleanup to
# run that analyzer alone, or -filemode.strict.
#
# Environment:
#   CORPUS   the corpus root holding src/ (default /work/corpus)
#   LIST     the project list (default bench/corpus.list beside this script)
#   TARGETS  the targets to run, space-separated (default: std cmd and every
#            project of the list), e.g. TARGETS="std runc u-root"
#   VET=1    run "go vet -vettool=BIN -json FLAG... PATTERNS" instead of the
#            standalone driver (same output files; the findings of a package
#            and of its test variant are merged; go vet -json exits 0 with
#            findings, and the peak RSS is the go command's, not the tool's)
#
# Needs bash, go, jq, sort, comm; /usr/bin/time for the peak RSS (optional).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
CORPUS=${CORPUS:-/work/corpus}
LIST=${LIST:-$here/corpus.list}
goroot=$(go env GOROOT)

die() {
	echo "corpus.sh: $*" >&2
	exit 2
}

usage() {
	sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
	exit 2
}

# projects prints the list without comments: NAME MODULE@VERSION [ARGS...]
projects() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$LIST"
}

# targets prints the names of the targets to run.
targets() {
	if [ -n "${TARGETS:-}" ]; then
		printf '%s\n' $TARGETS
		return
	fi
	echo std
	echo cmd
	projects | awk '{print $1}'
}

# target_dir NAME prints the directory a target runs in.
target_dir() {
	case $1 in
	std | cmd) echo "$goroot/src" ;;
	*) echo "$CORPUS/src/$1" ;;
	esac
}

# target_patterns NAME prints the target's package patterns, one a line,
# with the exclusions applied; it runs in the target's directory.
target_patterns() {
	local name=$1 line pats=() excl=() a
	case $name in
	std | cmd)
		echo "$name"
		return
		;;
	esac
	line=$(projects | awk -v n="$name" '$1 == n')
	[ -n "$line" ] || die "no project $name in $LIST"
	set -- $line
	shift 2
	for a in "$@"; do
		case $a in
		!*) excl+=("${a#!}") ;;
		*) pats+=("$a") ;;
		esac
	done
	[ ${#pats[@]} -gt 0 ] || pats=(./...)
	if [ ${#excl[@]} -eq 0 ]; then
		printf '%s\n' "${pats[@]}"
		return
	fi
	local re
	re=$(IFS='|'; echo "${excl[*]}")
	go list -e "${pats[@]}" 2>/dev/null | grep -Ev -- "$re"
}

# normalize ROOT < json > text: one finding a record, sorted by file, line,
# column, analyzer and message; paths relative to ROOT.
normalize() {
	jq -r --arg root "${1%/}/" '
		def rel: if startswith($root) then .[($root | length):] else . end;
		def pos: rel | capture("^(?<f>.*):(?<l>[0-9]+):(?<c>[0-9]+)$")
			// {f: ., l: "0", c: "0"} | {f, l: (.l | tonumber), c: (.c | tonumber)};
		[ to_entries[] | .value | to_entries[] | .key as $an
		  | select(.value | type == "array") | .value[]
		  | (.posn | pos) as $p
		  | { k: [$p.f, $p.l, $p.c, $an, .message],
		      text: ("\(.posn | rel): \($an): \(.message)"
		             + ([.related[]? | "\n\t\(.posn | rel): \(.message)"] | join(""))) } ]
		| unique_by(.text) | sort_by(.k) | .[].text'
}

# vet_json < go vet -json output > one JSON object: go vet prints a JSON
# object per package (and "# package" lines before errors).
vet_json() {
	grep '^[{}	]' | jq -s '{vet: (reduce (.[] | to_entries[] | .value | to_entries[]
		| select(.value | type == "array")) as $e ({}; .[$e.key] += $e.value))}'
}

# analyzers BIN prints the analyzer names of the binary.
analyzers() {
	"$1" help | awk '/^Analyzers:/ { on = 1; next } on && NF > 1 && /^\t/ { print $1 }'
}

cmd_fetch() {
	local name modver mod ver j dir dest
	mkdir -p "$CORPUS/src"
	while read -r name modver _; do
		dest=$CORPUS/src/$name
		if [ -d "$dest" ]; then
			echo "$name: $dest exists, kept"
			continue
		fi
		j=$(GOFLAGS=-mod=mod go mod download -json "$modver") || {
			echo "$name: $modver: download failed: $j" >&2
			continue
		}
		dir=$(jq -r .Dir <<<"$j")
		cp -r "$dir" "$dest"
		chmod -R u+w "$dest"
		# Projects that vendor keep their requirements in vendor.mod, and
		# the module zip has a vendor/modules.txt without vendor/: use the
		# module cache.
		if [ ! -f "$dest/go.mod" ] && [ -f "$dest/vendor.mod" ]; then
			cp "$dest/vendor.mod" "$dest/go.mod"
			[ -f "$dest/vendor.sum" ] && cp "$dest/vendor.sum" "$dest/go.sum"
		fi
		rm -rf "$dest/vendor"
		(cd "$dest" && go mod download) || echo "$name: some dependencies did not download" >&2
		echo "$name: $modver in $dest"
	done < <(projects)
}

cmd_list() {
	local t
	for t in $(targets); do
		printf '%-22s %s: %s\n' "$t" "$(target_dir "$t")" \
			"$(cd "$(target_dir "$t")" 2>/dev/null && target_patterns "$t" | head -3 | tr '\n' ' ')..."
	done
}

cmd_run() {
	[ $# -ge 2 ] || usage
	local bin out
	bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
	out=$2
	shift 2
	[ -x "$bin" ] || die "$bin is not an executable"
	command -v jq >/dev/null || die "jq is needed (apt-get install jq)"
	mkdir -p "$out"
	out=$(cd "$out" && pwd)
	local names
	names=$(analyzers "$bin" | tr '\n' ' ')
	printf '%s\n' "$names" >"$out/analyzers"
	{
		echo "binary:  $bin"
		echo "sha256:  $(sha256sum "$bin" | cut -d' ' -f1)"
		echo "flags:   $*"
		echo "mode:    $([ "${VET:-0}" = 1 ] && echo "go vet -vettool" || echo standalone)"
		echo "go:      $(go version)"
		echo "date:    $(date -u +%FT%TZ)"
		echo "list:    $LIST"
	} >"$out/meta.txt"

	local t dir rc start secs rss pats timer
	for t in $(targets); do
		dir=$(target_dir "$t")
		rm -f "$out/$t.txt" "$out/$t.json" "$out/$t.err" "$out/$t.row" "$out/.time.$t"
		if [ ! -d "$dir" ]; then
			echo "$t: $dir is missing (bench/corpus.sh fetch), skipped" >&2
			echo "$t missing" >"$out/$t.row"
			continue
		fi
		if ! pats=$(cd "$dir" && target_patterns "$t" 2>"$out/$t.err"); then
			echo "$t: listing the packages failed, skipped:" >&2
			cat "$out/$t.err" >&2
			echo "$t missing" >"$out/$t.row"
			continue
		fi
		printf '%-22s ' "$t" >&2
		timer=()
		[ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%e %M' -o "$out/.time.$t")
		start=$(date +%s.%N)
		rc=0
		if [ "${VET:-0}" = 1 ]; then
			(cd "$dir" && nice "${timer[@]}" go vet -vettool="$bin" -json "$@" $pats \
				>"$out/$t.vet" 2>&1) || rc=$?
			grep -v '^[#{}	]' "$out/$t.vet" | grep -v '^[[:space:]]*$' >"$out/$t.err" || true
			vet_json <"$out/$t.vet" >"$out/$t.json" 2>>"$out/$t.err" || echo '{}' >"$out/$t.json"
			rm -f "$out/$t.vet"
		else
			(cd "$dir" && nice "${timer[@]}" "$bin" -json "$@" $pats \
				>"$out/$t.json" 2>"$out/$t.err") || rc=$?
		fi
		secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%d", b - a + 0.5 }')
		rss=-
		[ -s "$out/.time.$t" ] && rss=$(($(tail -n1 "$out/.time.$t" | cut -d' ' -f2) / 1024))M
		rm -f "$out/.time.$t"
		# /usr/bin/time writes "Command exited with non-zero status" first.
		sed -i '/^Command exited with non-zero status/d' "$out/$t.err" 2>/dev/null || true
		if [ -s "$out/$t.json" ] && normalize "$dir" <"$out/$t.json" >"$out/$t.txt" 2>>"$out/$t.err"; then
			:
		else
			: >"$out/$t.txt"
		fi
		local errs counts
		errs=$(grep -c . "$out/$t.err" || true)
		counts=$(for a in $names; do grep -c "^[^	]*: $a: " "$out/$t.txt" || true; done | tr '\n' ' ')
		printf '%s\n' "$t $counts$(grep -c '^[^	]' "$out/$t.txt" || true) $errs $rc $secs $rss" >"$out/$t.row"
		printf 'exit %d, %4d findings, %3d error lines, %ss, %s\n' "$rc" \
			"$(grep -c '^[^	]' "$out/$t.txt" || true)" "$errs" "$secs" "$rss" >&2
		if [ "$rc" -ge 2 ] && [ "$errs" -gt 0 ]; then
			head -n3 "$out/$t.err" | sed 's/^/    /' >&2
		fi
	done
	cmd_summary "$out"
}

# cmd_summary OUTDIR: (re)write OUTDIR/summary.txt from the NAME.row file
# each target's run leaves, so runs of disjoint TARGETS into one directory,
# one after the other or side by side, make one table.
cmd_summary() {
	[ $# -eq 1 ] && [ -f "$1/analyzers" ] || die "summary needs a result directory"
	local rows
	rows=$(cd "$1" && for r in std.row cmd.row *.row; do [ ! -f "$r" ] || echo "$r"; done | awk '!seen[$0]++')
	(cd "$1" && cat $rows) | summary "$(cat "$1/analyzers")" | tee "$1/summary.txt"
}

# summary NAMES < rows: the table of counts, with a total line.
summary() {
	awk -v names="$1" '
		BEGIN { n = split(names, an, " ")
			printf "%-22s", "target"; for (i = 1; i <= n; i++) printf " %11s", an[i]
			printf " %6s %6s %4s %6s %6s\n", "total", "errors", "exit", "secs", "rss" }
		$2 == "missing" { printf "%-22s missing\n", $1; next }
		{ printf "%-22s", $1
		  for (i = 1; i <= n + 1; i++) { printf (i <= n ? " %11d" : " %6d"), $(i + 1); sum[i] += $(i + 1) }
		  printf " %6d %4d %6d %6s\n", $(n + 3), $(n + 4), $(n + 5), $(n + 6); secs += $(n + 5) }
		END { printf "%-22s", "TOTAL"; for (i = 1; i <= n; i++) printf " %11d", sum[i]
		      printf " %6d %6s %4s %6d\n", sum[n + 1], "", "", secs }'
}

# records FILE: one finding a line, related lines joined by \x1f.
records() {
	awk '/^\t/ { r = r "\x1f" $0; next } { if (r != "") print r; r = $0 } END { if (r != "") print r }' "$1" | LC_ALL=C sort
}

cmd_diff() {
	[ $# -eq 2 ] || usage
	local old=$1 new=$2 t
	[ -d "$old" ] && [ -d "$new" ] || die "diff needs two result directories"
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/corpus-diff.XXXXXX") # global: the trap runs after return
	trap 'rm -rf "$tmp"' EXIT
	: >"$tmp/rows"
	for t in $( (cd "$old" && ls -- *.txt; cd "$new" && ls -- *.txt) 2>/dev/null | grep -vx 'summary.txt\|meta.txt' | sed 's/\.txt$//' | sort -u); do
		if [ ! -f "$old/$t.txt" ] || [ ! -f "$new/$t.txt" ]; then
			echo "== $t: only in $([ -f "$old/$t.txt" ] && echo "$old" || echo "$new")"
			continue
		fi
		records "$old/$t.txt" >"$tmp/o"
		records "$new/$t.txt" >"$tmp/n"
		LC_ALL=C comm -23 "$tmp/o" "$tmp/n" >"$tmp/removed"
		LC_ALL=C comm -13 "$tmp/o" "$tmp/n" >"$tmp/added"
		if [ -s "$tmp/removed" ] || [ -s "$tmp/added" ]; then
			echo "== $t"
			sed 's/^/- /' "$tmp/removed" | tr '\037' '\n'
			sed 's/^/+ /' "$tmp/added" | tr '\037' '\n'
		fi
		echo "$t $(wc -l <"$tmp/o") $(wc -l <"$tmp/n") $(wc -l <"$tmp/removed") $(wc -l <"$tmp/added")" >>"$tmp/rows"
	done
	echo
	awk 'BEGIN { printf "%-22s %6s %6s %8s %6s\n", "target", "old", "new", "removed", "added" }
		{ printf "%-22s %6d %6d %8d %6d\n", $1, $2, $3, $4, $5; for (i = 2; i <= 5; i++) s[i] += $i }
		END { printf "%-22s %6d %6d %8d %6d\n", "TOTAL", s[2], s[3], s[4], s[5] }' "$tmp/rows"
}

# cmd_tally OUTDIR: the verdicts of OUTDIR's findings. A verdict is keyed by
# target, file:line and analyzer (not column or message, so that a reworded
# message keeps its verdict; a changed claim must be read again all the same).
# Where one site has findings with different verdicts, the optional seventh
# column, a piece of the message, tells them apart (the first line that
# matches wins; an empty one matches every finding of the site).
cmd_tally() {
	[ $# -eq 1 ] && [ -d "$1" ] || die "tally needs a result directory"
	local verdicts=${VERDICTS:-$here/verdicts.tsv} t
	[ -f "$verdicts" ] || die "no verdicts file $verdicts"
	for t in $(cd "$1" && ls -- *.txt 2>/dev/null | grep -vx 'summary.txt\|meta.txt' | sed 's/\.txt$//'); do
		awk -v t="$t" '!/^\t/ { split($0, a, ": "); n = split(a[1], p, ":")
			print t "\t" p[1] ":" p[2] "\t" a[2] "\t" $0 }' "$1/$t.txt"
	done | awk -F'\t' '
		NR == FNR { if ($0 !~ /^#/ && NF >= 5) { k = $1 "\t" $2 "\t" $3; i = ++ne[k]
			  mt[k, i] = (NF >= 7 ? $7 : ""); v[k, i] = $4; h[k, i] = $5 }; next }
		{ k = $1 "\t" $2 "\t" $3; an[$3] = 1; total[$3]++; all++; found = 0
		  for (i = 1; i <= ne[k] && !found; i++) if (mt[k, i] == "" || index($4, mt[k, i])) found = i
		  if (!found) { c[$3, "NEW"]++; c["", "NEW"]++; newl[++nn] = $1 ": " $4; next }
		  c[$3, v[k, found]]++; c["", v[k, found]]++
		  if (h[k, found] == "unsafe") { c[$3, "unsafe"]++; c["", "unsafe"]++ } }
		END {
			printf "%-12s %6s %6s %10s %6s %6s %6s %8s\n", "analyzer", "total", "REAL", "DEBATABLE", "FALSE", "NEW", "unsafe", "DEB%"
			for (a in an) names[++m] = a
			for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (names[j] < names[i]) { x = names[i]; names[i] = names[j]; names[j] = x }
			names[++m] = ""
			for (i = 1; i <= m; i++) { a = names[i]; n = (a == "" ? all : total[a])
				printf "%-12s %6d %6d %10d %6d %6d %6d %7.1f%%\n", (a == "" ? "TOTAL" : a), n,
					c[a, "REAL"], c[a, "DEBATABLE"], c[a, "FALSE"], c[a, "NEW"], c[a, "unsafe"],
					(n ? 100 * c[a, "DEBATABLE"] / n : 0) }
			if (nn) { print ""; print "NEW (no verdict yet):"; for (i = 1; i <= nn; i++) print "  " newl[i] }
		}' "$verdicts" -
}

[ $# -ge 1 ] || usage
mode=$1
shift
case $mode in
fetch) cmd_fetch ;;
run) cmd_run "$@" ;;
diff) cmd_diff "$@" ;;
list) cmd_list ;;
summary) cmd_summary "$@" ;;
tally) cmd_tally "$@" ;;
-h | --help | help) usage ;;
*) usage ;;
esac
