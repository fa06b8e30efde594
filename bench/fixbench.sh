#!/usr/bin/env bash
# bench/fixbench.sh — do tmplint's fixes leave real code working?
#
# For each project (a module at a pinned version, downloaded from the module
# proxy with `go mod download`, so the run is reproducible), it makes three
# writable copies of the module: the original, one fixed with `tmplint -fix`
# (safe fixes only) and one with `tmplint -fix=all`. On each fixed copy it
# checks `go build ./...` and, on the packages whose files changed,
# `go vet` and `go test -short`, and compares each with the same command on
# the original copy: a fix must not turn a passing build, vet or test into a
# failing one. (Real projects have tests that fail without network, docker
# or root; those fail before and after alike, and count as unchanged.)
#
# Usage: bench/fixbench.sh [module@version ...]   (default: the list below)
# Environment: WORK=dir to keep the copies there (default: a temp dir,
# removed at the end); TEST_TIMEOUT per go test run (default 120s);
# TMPLINT=path to use a built binary instead of building this checkout;
# TMPLINT_FLAGS=flags passed to tmplint besides -fix (e.g. -strict, whose
# findings have fixes too).
#
# Output: one table row per project and per mode (safe, all):
#   project  mode  fixes(safe/changing)  held  build  vet  test
# where build/vet/test are "ok" (passes as before), "same-fail" (failed
# before the fix too), "BROKEN" (passed before, fails after) or "-" (nothing
# to check: no package changed); test also counts packages "n/m same".
# Every BROKEN cell is explained below the table by the command's output.
set -uo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
projects=("$@")
if [ ${#projects[@]} -eq 0 ]; then
	# Real projects that create temp files, set modes and start
	# processes; the corpus under /work/corpus holds the same modules.
	projects=(
		github.com/hashicorp/go-getter@v1.8.10
		github.com/hashicorp/go-plugin@v1.8.0
		github.com/hashicorp/terraform-exec@v0.26.0
		github.com/ory/dockertest/v3@v3.12.0
		github.com/kardianos/service@v1.3.0
		github.com/google/go-containerregistry@v0.22.1
		github.com/opencontainers/runc@v1.5.2
		github.com/go-git/go-git/v5@v5.19.3
		github.com/git-lfs/git-lfs/v3@v3.8.1
		github.com/containers/storage@v1.59.1
		github.com/u-root/u-root@v0.16.0
	)
fi
test_timeout=${TEST_TIMEOUT:-120s}

if [ -n "${WORK:-}" ]; then
	work=$WORK
	mkdir -p "$work"
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/tmplint-fixbench.XXXXXX")
	trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
fi

bin=${TMPLINT:-}
if [ -z "$bin" ]; then
	bin="$work/tmplint"
	(cd "$here" && go build -o "$bin" ./cmd/tmplint) || exit 2
fi

# The copies build against the module proxy like any user of the module.
export GOFLAGS=-mod=mod
export GOTOOLCHAIN=local

table="$work/table"
notes="$work/notes"
: >"$table"
: >"$notes"

# outcome DIR CMD... → "pass" or "fail"; the output goes to DIR.log.N
run_in() {
	local dir=$1 log=$2
	shift 2
	if (cd "$dir" && nice "$@") >"$log" 2>&1; then echo pass; else echo fail; fi
}

# compare BEFORE AFTER → ok / same-fail / BROKEN / fixed
compare() {
	case "$1/$2" in
	pass/pass) echo ok ;;
	fail/fail) echo same-fail ;;
	pass/fail) echo BROKEN ;;
	fail/pass) echo fixed ;;
	esac
}

# test_outcomes DIR LOG PKGS... → lines "pkg ok|FAIL|notest", "test NAME FAIL"
test_outcomes() {
	local dir=$1 log=$2
	shift 2
	# Compile the test binaries first, without a time limit: on a loaded
	# machine the build alone can outlast the tests' limit, and a killed
	# go test prints nothing.
	(cd "$dir" && nice go test -count=1 -run '^$' "$@") >/dev/null 2>&1
	(cd "$dir" && nice timeout "$test_timeout" go test -short -count=1 -timeout "$test_timeout" "$@") >"$log" 2>&1
	# A package line is "ok", "FAIL" or "?" then spaces or a tab (a
	# failing package prints "FAIL<tab>path").
	grep -qE '^(ok|FAIL|\?)[[:space:]]' "$log" || echo "no-result (go test printed no outcome: killed by the time limit?)"
	# Per package, and per failing test: a package that fails before and
	# after must fail the same tests.
	awk '$1=="ok"{print $2, "ok"} $1=="FAIL" && NF>=2 && $2!~/^\t/{print $2, "FAIL"} $1=="?"{print $2, "notest"}
		$1=="---" && $2=="FAIL:"{print "test", $3, "FAIL"}' "$log" | sort -u
}

for spec in "${projects[@]}"; do
	mod=${spec%@*}
	name=$(basename "${mod%/v[0-9]*}")
	echo "== $spec" >&2
	dir=$(cd "$work" && go mod download -json "$spec" | awk -F'"' '/"Dir":/{print $4}')
	if [ -z "$dir" ] || [ ! -d "$dir" ]; then
		printf '%s\t-\tdownload failed\n' "$name" >>"$table"
		continue
	fi
	p="$work/$name"
	rm -rf "$p"
	mkdir -p "$p"
	for copy in orig safe all; do
		cp -R "$dir" "$p/$copy"
		chmod -R u+w "$p/$copy"
	done
	build_orig=

	for mode in safe all; do
		flag=-fix
		[ $mode = all ] && flag=-fix=all
		c="$p/$mode"
		(cd "$c" && nice "$bin" ${TMPLINT_FLAGS:-} $flag ./...) >"$p/$mode.fix.out" 2>"$p/$mode.fix.log"
		rc=$?
		summary=$(grep -E '^[^ ]+: applied [0-9]+ fixes' "$p/$mode.fix.log" | tail -1)
		if [ $rc -eq 2 ] && [ -z "$summary" ]; then
			printf '%s\t%s\ttmplint failed (exit 2)\n' "$name" "$mode" >>"$table"
			echo "$name $mode: tmplint $flag failed: $(head -3 "$p/$mode.fix.log")" >>"$notes"
			continue
		fi
		safe=$(sed -E 's/.*\(([0-9]+) safe.*/\1/' <<<"$summary")
		changing=$(sed -E 's/.*, ([0-9]+) that change behaviour\).*/\1/' <<<"$summary")
		held=$(grep -oE '[0-9]+ fixes that change behaviour were not applied' <<<"$summary" | awk '{print $1}')
		# The packages (directories) whose files the fixes changed.
		changed=$(cd "$p" && diff -rq orig "$mode" | awk '/^Files /{print $4}' | sed "s|^$mode/||" | xargs -r -n1 dirname | sort -u)
		fixed_files=$(cd "$p" && diff -rq orig "$mode" | grep -c '^Files ')
		(cd "$p" && diff -ru orig "$mode") >"$p/$mode.diff"
		if [ -z "$changed" ]; then
			printf '%s\t%s\t%s/%s\t%s\t%s\t-\t-\t-\n' "$name" "$mode" "${safe:-0}" "${changing:-0}" "${held:-0}" "$fixed_files" >>"$table"
			continue
		fi
		pkgs=()
		for d in $changed; do pkgs+=("./$d"); done
		# Build the original only when some fix changed something: most
		# of the cost is compiling the module's dependencies.
		[ -n "$build_orig" ] || build_orig=$(run_in "$p/orig" "$p/orig.build.log" go build ./...)

		build_after=$(run_in "$c" "$p/$mode.build.log" go build ./...)
		build=$(compare "$build_orig" "$build_after")
		[ "$build" = BROKEN ] && echo "$name $mode: go build ./... broke: $(grep -v '^#' "$p/$mode.build.log" | head -5)" >>"$notes"

		vet_before=$(run_in "$p/orig" "$p/$mode.vet-before.log" go vet "${pkgs[@]}")
		vet_after=$(run_in "$c" "$p/$mode.vet-after.log" go vet "${pkgs[@]}")
		vet=$(compare "$vet_before" "$vet_after")
		[ "$vet" = BROKEN ] && echo "$name $mode: go vet broke: $(grep -v '^#' "$p/$mode.vet-after.log" | head -5)" >>"$notes"

		test_outcomes "$p/orig" "$p/$mode.test-before.log" "${pkgs[@]}" >"$p/$mode.test-before"
		test_outcomes "$c" "$p/$mode.test-after.log" "${pkgs[@]}" >"$p/$mode.test-after"
		total=$(grep -vc '^test ' "$p/$mode.test-after")
		same=$(comm -12 "$p/$mode.test-before" "$p/$mode.test-after" | grep -vc '^test ')
		testres="ok"
		if grep -q '^no-result' "$p/$mode.test-before" "$p/$mode.test-after"; then
			testres="NO-RESULT"
			echo "$name $mode: go test gave no outcome (see $p/$mode.test-*.log)" >>"$notes"
		elif ! cmp -s "$p/$mode.test-before" "$p/$mode.test-after"; then
			testres="CHANGED"
			{
				echo "$name $mode: test outcomes changed (before → after):"
				diff "$p/$mode.test-before" "$p/$mode.test-after" | sed 's/^/    /'
			} >>"$notes"
		elif grep -q FAIL "$p/$mode.test-after"; then
			testres="same-fail"
		fi
		printf '%s\t%s\t%s/%s\t%s\t%s\t%s\t%s\t%s %s/%s same\n' "$name" "$mode" "${safe:-0}" "${changing:-0}" "${held:-0}" "$fixed_files" \
			"$build" "$vet" "$testres" "$same" "$total" >>"$table"
	done
done

{
	printf 'project\tmode\tfixes safe/changing\theld back\tfiles\tbuild\tvet\ttests (changed pkgs)\n'
	cat "$table"
} | column -t -s $'\t'
if [ -s "$notes" ]; then
	echo
	echo "Notes:"
	cat "$notes"
fi
echo
echo "copies, diffs and logs: $work"
