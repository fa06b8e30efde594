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
# Comparisons are per package: build and vet output is split by the package
# each line is about, and a line the original does not print is a break,
# whatever else fails; a changed package that go build ./... skipped (it
# imports one that fails, a cgo header missing here) is built alone. Tests
# run one package at a time, so a slow package costs its own outcome only;
# when a package's outcome differs, both copies run RERUNS times in all, and
# the difference is judged flaky (it shows on the original too), SUSPECT
# (fails in some runs of the fixed copy only) or BROKEN (every run of the
# fixed copy, never the original).
#
# Usage: bench/fixbench.sh [module@version ...]   (default: the list below)
# Environment: WORK=dir to keep the copies there (default: a temp dir,
# removed at the end); TEST_TIMEOUT per package's go test run, in seconds
# such as 120s (default 120s); RERUNS (default 3); TMPLINT=path to use a
# built binary instead of building this checkout; TMPLINT_FLAGS=flags passed
# to tmplint besides -fix (e.g. -strict, whose findings have fixes too).
#
# Output: one table row per project and per mode (safe, all):
#   project  mode  fixes(safe/changing)  held  files  build  vet  test
# where build/vet are "ok", "ok (module same-fail)" (the changed packages
# build; others fail before and after alike), "same-fail" (fails before
# the fix too, with the same output), "BROKEN" or "-" (nothing to check: no
# package changed); test is ok, same-fail, flaky, SUSPECT, BROKEN or fixed,
# then "n/m same": the changed packages whose first runs agreed.
# Every cell other than ok is explained below the table.
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
# The outer limit, for a test build or a child process that outlives the
# test binary's own limit, and the number of runs of each copy when a
# package's test outcomes differ.
case $test_timeout in
*[0-9]s) outer_timeout=$((${test_timeout%s} + 600))s ;;
*) outer_timeout=1800s ;;
esac
reruns=${RERUNS:-3}

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

# run_in DIR LOG CMD... → "pass" or "fail"; the output goes to LOG
run_in() {
	local dir=$1 log=$2
	shift 2
	if (cd "$dir" && nice "$@") >"$log" 2>&1; then echo pass; else echo fail; fi
}

# by_package MOD COPYDIR LOG → one record per output line, "pkgdir<TAB>text",
# sorted: the package a line is about (the "# import/path" header go build
# and go vet print above a package's errors, or the directory of the file
# a line names), and the line without the copy's directory and without
# line and column numbers (a fix that adds an import moves every line
# below it). Lines about no package ("go: ...", a module that cannot be
# found) are under "(module)". Comparing these records package by package
# is what keeps a new error in one package from hiding behind another
# package's old failure (a cgo header missing on this machine).
by_package() {
	local mod=$1 copy=$2 log=$3
	awk -v mod="$mod" -v copy="$copy" '
	function dirof(path) { sub(/\/[^\/]*$/, "", path); return path ~ /\.go$/ ? "." : path }
	/^# / {
		key = $2
		sub(/_test$/, "", key)
		if (key == mod) key = "."
		else if (index(key, mod "/") == 1) key = substr(key, length(mod) + 2)
		next
	}
	{
		line = $0
		gsub(copy "/", "", line)
		k = key
		if (match(line, /^[^ :]+\.go:[0-9]+/)) {
			f = substr(line, 1, RLENGTH); sub(/:[0-9]+$/, "", f)
			k = (f ~ /\//) ? dirof(f) : "."
		} else if (k == "") k = "(module)"
		gsub(/\.go:[0-9]+(:[0-9]+)?/, ".go", line)
		print k "\t" line
	}' "$log" | sort
}

# compare_output NAME MODE WHAT MOD BEFORE-DIR BEFORE-LOG BEFORE-RC AFTER-DIR AFTER-LOG AFTER-RC CHANGED...
# → a cell: ok, same-fail (the packages that fail, before and after alike,
# with no new line), or BROKEN (a line the original does not print, named
# in the notes with its package).
compare_output() {
	local name=$1 mode=$2 what=$3 mod=$4 bdir=$5 blog=$6 brc=$7 adir=$8 alog=$9 arc=${10}
	shift 10
	local new before_failing
	new=$(comm -13 <(by_package "$mod" "$bdir" "$blog") <(by_package "$mod" "$adir" "$alog"))
	# A package that no fix touched and that failed before the fix too
	# may fail with other words after it: go build names whichever
	# missing cgo header it reaches first. Its new lines are not the
	# fix's doing; a changed package's, or a newly failing one's, are.
	before_failing=$(by_package "$mod" "$bdir" "$blog" | cut -f1 | sort -u)
	new=$(awk -F'\t' -v failing="$before_failing" -v changed="$*" '
		BEGIN { n = split(failing, f, "\n"); for (i = 1; i <= n; i++) old[f[i]] = 1
			n = split(changed, c, " "); for (i = 1; i <= n; i++) touched[c[i]] = 1 }
		!($1 in old) || ($1 in touched)' <<<"$new")
	if [ "$brc/$arc" = pass/pass ]; then
		echo ok
	elif [ -n "$new" ] || [ "$brc/$arc" = pass/fail ]; then
		echo BROKEN
		{
			echo "$name $mode: $what broke; new output by package:"
			if [ -n "$new" ]; then sed 's/^/    /' <<<"$new" | head -20; else sed 's/^/    /' "$alog" | head -10; fi
		} >>"$notes"
	elif [ "$arc" = pass ]; then
		echo ok
	else
		local failing changed_failing=() d
		failing=$(by_package "$mod" "$bdir" "$blog" | cut -f1 | sort -u)
		for d in "$@"; do
			grep -qxF "$d" <<<"$failing" && changed_failing+=("$d")
		done
		echo "same-fail"
		{
			echo "$name $mode: $what fails before and after alike, with no new line; packages with output: $(tr '\n' ' ' <<<"$failing")"
			[ ${#changed_failing[@]} -gt 0 ] && echo "    changed packages among them (their own output is the same, but a fix in them is not checked beyond that): ${changed_failing[*]}"
			sed 's/^/    /' "$blog" | grep -v '^    #' | head -3
		} >>"$notes"
	fi
}

# test_once COPYDIR PKGDIR OUT → runs the package's tests once; OUT gets
# the outcome (first line: ok, FAIL, notest, timeout, build-failed,
# killed, no-outcome) and a line "test NAME FAIL" per failing test
# ("test NAME TIMEOUT" per test still running at the time limit); OUT.log
# the output. Each package runs alone, so that a slow one (u-root's root
# package builds busybox images for minutes) costs its own outcome, not
# every package's.
test_once() {
	local dir=$1 pkg=$2 out=$3 rc
	# The test binary's own -timeout panics with the running tests named;
	# the outer limit, later, is for a build or a child that never ends.
	(cd "$dir" && nice timeout "$outer_timeout" go test -short -count=1 -timeout "$test_timeout" "./$pkg") >"$out.log" 2>&1
	rc=$?
	awk -v rc="$rc" -v limit="$outer_timeout" '
	/^panic: test timed out after/ { timedout = 1; inrun = 0; next }
	timedout && /^[ \t]*running tests:/ { inrun = 1; next }
	# The top-level test only: which subtest was running when the
	# time ran out is chance, and would make two timeouts differ.
	inrun && /^\t+[^ \t]+ \(/ { t = $1; sub(/\/.*/, "", t); tests[++n] = "test " t " TIMEOUT"; next }
	inrun { inrun = 0 }
	$1 == "---" && $2 == "FAIL:" { tests[++n] = "test " $3 " FAIL" }
	/^ok[ \t]/ { res = "ok" }
	/^\?[ \t]/ { res = "notest" }
	/^FAIL[ \t]/ { res = /\[build failed\]|\[setup failed\]/ ? "build-failed" : "FAIL" }
	END {
		if (timedout) res = "timeout"
		else if (res == "" && rc == 124) res = "killed (no outcome within the outer limit " limit ")"
		else if (res == "") res = "no-outcome"
		print res
		fflush()
		for (i = 1; i <= n; i++) print tests[i] | "sort -u"
		close("sort -u")
	}' "$out.log" >"$out"
}

# judge_flaky N ORIGDIR FIXDIR PKG KEY → after the first runs differed,
# runs the package's tests N-1 more times on each copy and classifies by
# failure, over the N runs of each:
#   flaky    every difference also shows on the original (a test that
#            fails there in some run, or passes on the fixed copy in some)
#   BROKEN   something fails in every run of the fixed copy, never on the
#            original
#   SUSPECT  something fails in some runs of the fixed copy, never on the
#            original: read it
#   fixed    something failed in every run of the original, never after
# Before saying BROKEN or SUSPECT, the original runs N more times: a test
# that fails now and then under load (go-plugin's "process failed to exit
# gracefully") may not have failed on it yet. The runs' outcomes go to the
# notes.
judge_flaky() {
	local n=$1 orig=$2 fixed=$3 pkg=$4 key=$5 i o f item verdict=flaky
	for i in $(seq 2 "$n"); do
		[ -s "$key.orig.$i" ] || test_once "$orig" "$pkg" "$key.orig.$i"
		test_once "$fixed" "$pkg" "$key.fixed.$i"
	done
	# items RUN-FILE → the failures of a run, one a line
	items() { sed -n '1s/^\([a-z-]*\).*/outcome \1/p; 2,$p' "$1" | grep -v '^outcome \(ok\|notest\)$' | sort -u; }
	local counts
	counts=$(
		for i in $(seq 1 "$n"); do
			items "$key.orig.$i" | sed 's/^/orig /'
			items "$key.fixed.$i" | sed 's/^/fixed /'
		done | awk '{ c = $1; $1 = ""; sub(/^ /, ""); count[c SUBSEP $0]++; all[$0] = 1 }
		END { for (it in all) print count["orig" SUBSEP it] + 0, count["fixed" SUBSEP it] + 0, it }'
	)
	local blamed=() fixedonly=0
	while read -r o f item; do
		[ -n "$item" ] || continue
		if [ "$o" -eq 0 ] && [ "$f" -gt 0 ]; then
			blamed+=("$f $item")
		elif [ "$o" -eq "$n" ] && [ "$f" -eq 0 ]; then
			fixedonly=1
		fi
	done <<<"$counts"
	if [ ${#blamed[@]} -gt 0 ]; then
		for i in $(seq $((n + 1)) $((2 * n))); do
			[ -s "$key.orig.$i" ] || test_once "$orig" "$pkg" "$key.orig.$i"
		done
		local b seen
		for b in "${blamed[@]}"; do
			f=${b%% *} item=${b#* }
			seen=0
			for i in $(seq $((n + 1)) $((2 * n))); do
				items "$key.orig.$i" | grep -qxF "$item" && seen=1
			done
			[ $seen = 1 ] && continue # fails on the original too, now and then
			if [ "$f" -eq "$n" ]; then
				verdict=BROKEN
			elif [ $verdict != BROKEN ]; then
				verdict=SUSPECT
			fi
		done
	elif [ $fixedonly = 1 ]; then
		verdict=fixed
	fi
	echo $verdict
}

# compare_tests NAME MODE P COPY PKGS... → a cell "WORD same/total": ok,
# same-fail (some package fails before and after alike), flaky, SUSPECT,
# BROKEN, fixed, and the number of packages whose first runs agreed. The
# original's runs are shared by both modes.
compare_tests() {
	local name=$1 mode=$2 p=$3 c=$4
	shift 4
	local pkg key total=0 same=0 word=ok v out
	mkdir -p "$p/tests"
	for pkg in "$@"; do
		total=$((total + 1))
		key="$p/tests/$([ "$pkg" = . ] && echo root || tr '/' '_' <<<"$pkg")"
		[ -s "$key.orig.1" ] || test_once "$p/orig" "$pkg" "$key.orig.1"
		test_once "$c" "$pkg" "$key.$mode.1"
		if cmp -s "$key.orig.1" "$key.$mode.1"; then
			same=$((same + 1))
			case "$(head -1 "$key.orig.1")" in
			ok | notest) ;;
			*)
				[ $word = ok ] && word=same-fail
				echo "$name $mode: $pkg: tests $(head -1 "$key.orig.1") before and after alike ($(grep -c '^test ' "$key.orig.1") failing tests: $(grep '^test ' "$key.orig.1" | awk '{print $2}' | head -5 | tr '\n' ' '))" >>"$notes"
				;;
			esac
			continue
		fi
		# The first runs differ: run again, on both copies, before
		# blaming the fix for a test that fails now and then.
		cp "$key.$mode.1" "$key.fixed.1"
		v=$(judge_flaky "$reruns" "$p/orig" "$c" "$pkg" "$key")
		for out in "$key".fixed.*; do mv "$out" "${out/.fixed./.$mode.}"; done 2>/dev/null
		{
			echo "$name $mode: $pkg: tests differ in the first runs; over $reruns runs each (and $reruns more of the original when a failure showed on the fixed copy only): $v"
			for i in $(seq 1 $((2 * reruns))); do
				[ -s "$key.orig.$i" ] && echo "    run $i original: $(tr '\n' ' ' <"$key.orig.$i")"
				[ -s "$key.$mode.$i" ] && echo "    run $i fixed:    $(tr '\n' ' ' <"$key.$mode.$i")"
			done
		} >>"$notes"
		case "$v/$word" in
		BROKEN/*) word=BROKEN ;;
		SUSPECT/BROKEN) ;;
		SUSPECT/*) word=SUSPECT ;;
		flaky/ok | flaky/same-fail | fixed/ok | fixed/same-fail) word=$v ;;
		esac
	done
	echo "$word $same/$total same"
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
	chmod -R u+w "$p" 2>/dev/null
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
		build=$(compare_output "$name" "$mode" "go build ./..." "$mod" "$p/orig" "$p/orig.build.log" "$build_orig" "$c" "$p/$mode.build.log" "$build_after" $changed)
		# go build ./... goes on past a package that fails, but skips,
		# silently, every package that imports it: a changed package
		# among those would pass unchecked. Build each changed package
		# alone, on both copies.
		if [ "$build" = same-fail ]; then
			unbuilt=() newly=()
			for d in $changed; do
				b=$(run_in "$p/orig" "$p/$mode.build-one.log" go build "./$d")
				a=$(run_in "$c" "$p/$mode.build-one.log" go build "./$d")
				case $b/$a in
				fail/fail) unbuilt+=("$d") ;;
				pass/fail) newly+=("$d") ;;
				esac
			done
			if [ ${#newly[@]} -gt 0 ]; then
				build=BROKEN
				echo "$name $mode: changed packages that built alone before the fix and do not after: ${newly[*]}" >>"$notes"
			elif [ ${#unbuilt[@]} -gt 0 ]; then
				build="same-fail (${#unbuilt[@]} changed unbuilt)"
				echo "$name $mode: changed packages that do not build on this machine, before the fix as after (their fixes are unchecked by the build): ${unbuilt[*]}" >>"$notes"
			else
				build="ok (module same-fail)"
			fi
		fi

		vet_before=$(run_in "$p/orig" "$p/$mode.vet-before.log" go vet "${pkgs[@]}")
		vet_after=$(run_in "$c" "$p/$mode.vet-after.log" go vet "${pkgs[@]}")
		vet=$(compare_output "$name" "$mode" "go vet" "$mod" "$p/orig" "$p/$mode.vet-before.log" "$vet_before" "$c" "$p/$mode.vet-after.log" "$vet_after" $changed)

		testres=$(compare_tests "$name" "$mode" "$p" "$c" $changed)
		printf '%s\t%s\t%s/%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$mode" "${safe:-0}" "${changing:-0}" "${held:-0}" "$fixed_files" \
			"$build" "$vet" "$testres" >>"$table"
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
