#!/usr/bin/env bash
# Judges the tests by mutation: cargo-mutants plants bugs one at a time
# (a function body replaced, a comparison flipped, an operator swapped) and
# counts which of them the tests notice. One unit at a time, each a package
# (or part of one) tested by its own tests where they suffice, by the whole
# workspace where its behaviour is only checked downstream:
#
#   scripts/mutants.sh [--iterate] [--shard K/N] [--timeout S] [UNIT…]
#   scripts/mutants.sh --list      # the units, their tests and timeouts
#   scripts/mutants.sh --page      # only regenerate reports/mutants/README.md
#
# With no UNIT, every unit in turn (many hours: run them in pieces). A unit
# is a package name (`astar-core`, `openlist-heap`, …) or `stats`, the
# statistics of `astar-runs` (`crates/runs/src/stats/`), which the workspace
# tests. Each unit's cargo-mutants output is kept as data in
# reports/mutants/data/UNIT/ (caught.txt, missed.txt, timeout.txt,
# unviable.txt, mutants.json, outcomes.json, and run.json: the commit, the
# machine and how long it took), and the page is regenerated from all the
# data by scripts/lib/mutants-page.py, byte for byte the same from the same
# data. Exclusions, each with its reason, are in .cargo/mutants.toml.
#
# Pieces: `--shard K/N` tests one of N slices of a unit's mutants into
# reports/mutants/data/UNIT/shard-K-of-N/ (the page adds the slices up);
# `--iterate` retests only what the last run of the unit on this machine
# did not catch (cargo-mutants' own --iterate, from its output kept in
# target/mutants/), which resumes a killed run and checks new tests fast.
# A timeout per mutant (`--timeout S`, else the unit's own below) stops a
# mutant whose tests hang; the page lists it as timed out.
#
# Builds and tests run at the lowest priority with one job
# (MUTANTS_JOBS=N for more), so a machine that measures meanwhile is
# disturbed least. cargo-mutants is installed with `cargo install --locked`
# when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
# The units in the same order everywhere (the page lists them in it).
export LC_ALL=C

out=reports/mutants
work=target/mutants
jobs=${MUTANTS_JOBS:-1}
# A build folder of its own, shared by the units so that the dependencies
# build once. Not the usual one: cargo names a workspace's artifacts by
# their paths inside it, so a build of the tree meanwhile would overwrite
# the mutants' builds (and the other way round) in a shared folder.
export CARGO_TARGET_DIR=${MUTANTS_TARGET_DIR:-$PWD/target/mutants/build}

# unit | package | files it mutates (a glob; empty: all) | tests | timeout (s)
#      | target (the share of viable mutants to catch, %)
# Tests: `own` runs the package's own tests, `workspace` every test (the
# statistics' paired ratios are checked by the reports built on them).
units=("astar-core|astar-core||own|180|95")
for manifest in crates/lists/*/Cargo.toml; do
    name=$(sed -n 's/^name = "\(.*\)"$/\1/p' "$manifest")
    units+=("$name|$name||own|20|95")
done
units+=(
    "astar-registry|astar-registry||own|600|90"
    "astar-amit|astar-amit||own|180|90"
    "stats|astar-runs|crates/runs/src/stats/**|workspace|900|90"
)

unit_line() {
    local u
    for u in "${units[@]}"; do
        [[ ${u%%|*} == "$1" ]] && { echo "$u"; return 0; }
    done
    echo "error: no unit '$1' (scripts/mutants.sh --list names them)" >&2
    return 1
}

page() {
    local u specs=()
    for u in "${units[@]}"; do
        IFS='|' read -r name _ _ tests _ target <<<"$u"
        specs+=("$name:$tests:$target")
    done
    python3 scripts/lib/mutants-page.py "$out" "${specs[@]}"
}

iterate=() shard="" timeout="" wanted=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --list)
        printf '%-32s %-30s %-26s %-10s %-8s %s\n' unit package files tests timeout target
        for u in "${units[@]}"; do
            IFS='|' read -r name package files tests secs target <<<"$u"
            printf '%-32s %-30s %-26s %-10s %-8s %s\n' "$name" "$package" "${files:-all}" "$tests" "${secs}s" "$target%"
        done
        exit 0
        ;;
    --page)
        page
        exit 0
        ;;
    --iterate) iterate=(--iterate) ;;
    --shard)
        shard=$2
        shift
        [[ $shard =~ ^[0-9]+/[0-9]+$ ]] || { echo "error: --shard takes K/N, not '$shard'" >&2; exit 2; }
        ;;
    --timeout)
        timeout=$2
        shift
        ;;
    -*)
        echo "error: unknown option $1" >&2
        exit 2
        ;;
    *) wanted+=("$1") ;;
    esac
    shift
done
if [[ ${#wanted[@]} -eq 0 ]]; then
    for u in "${units[@]}"; do wanted+=("${u%%|*}"); done
fi
for name in "${wanted[@]}"; do unit_line "$name" >/dev/null || exit 2; done

if ! cargo mutants --version >/dev/null 2>&1; then
    nice -n 19 cargo install --locked cargo-mutants
fi

cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
cores=$(nproc)
rustc_version=$(rustc --version)
mutants_version=$(cargo mutants --version)

# json STRING: STRING as a JSON string.
json() { python3 -c 'import json, sys; print(json.dumps(sys.argv[1]))' "$1"; }

for name in "${wanted[@]}"; do
    IFS='|' read -r _ package files tests secs _ <<<"$(unit_line "$name")"
    secs=${timeout:-$secs}
    piece=$name
    args=(-p "$package" --timeout "$secs" -j "$jobs" --no-shuffle --colors never)
    [[ -z $files ]] || args+=(--file "$files")
    [[ $tests == workspace ]] && args+=(--test-workspace true)
    if [[ -n $shard ]]; then
        args+=(--shard "$shard")
        piece=$name/shard-${shard%/*}-of-${shard#*/}
    fi
    mkdir -p "$work/$piece"
    # The tree cargo-mutants copies: its commit, and whether it had changes
    # (but for this script's own output).
    commit=$(git rev-parse HEAD)
    dirty=false
    [[ -z $(git status --porcelain --untracked-files=no -- . ":!$out") ]] || dirty=true
    echo "mutants: $piece (tests: $tests, timeout ${secs}s)" >&2
    start=$(date +%s)
    started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    # The facts of the run, written before it starts (an iterated run
    # builds on them, even if this one is stopped) and again when it ends.
    previous=null
    if [[ ${#iterate[@]} -gt 0 ]]; then
        previous=$(python3 scripts/lib/mutants-page.py --previous-run "$work/$piece")
    fi
    facts() {
        cat <<EOF
{
  "unit": $(json "$name"),
  "package": $(json "$package"),
  "files": $(json "${files:-}"),
  "tests": $(json "$tests"),
  "timeout_seconds": $secs,
  "shard": $(json "$shard"),
  "iterate": $([[ ${#iterate[@]} -gt 0 ]] && echo true || echo false),
  "commit": $(json "$commit"),
  "dirty": $dirty,
  "cpu": $(json "$cpu"),
  "cores": $cores,
  "jobs": $jobs,
  "rustc": $(json "$rustc_version"),
  "cargo_mutants": $(json "$mutants_version"),
  "started": $(json "$started"),
  "seconds": $1,
  "previous": $previous
}
EOF
    }
    facts null >"$work/$piece/run.json"
    # cargo-mutants exits 2 when some mutant was missed and 3 when some
    # timed out: a finished run either way.
    status=0
    nice -n 19 cargo mutants "${args[@]}" "${iterate[@]}" --output "$work/$piece" || status=$?
    if [[ $status -ne 0 && $status -ne 2 && $status -ne 3 ]]; then
        echo "error: cargo mutants failed on $piece (exit $status); see $work/$piece/mutants.out/debug.log" >&2
        exit 1
    fi
    seconds=$(($(date +%s) - start))
    facts "$seconds" >"$work/$piece/run.json"
    # A whole run replaces the unit's data, shards and all; a shard
    # replaces its own slice and any whole run of the unit.
    dest=$out/data/$piece
    rm -rf "$dest"
    [[ -z $shard ]] || find "$out/data/$name" -maxdepth 1 -type f -delete
    mkdir -p "$dest"
    from=$work/$piece/mutants.out
    # An iterated run lists the unviable mutants of the runs before it among
    # the previously caught, not as unviable: keep them as unviable.
    if [[ ${#iterate[@]} -gt 0 && -f $from.old/unviable.txt ]]; then
        sort -u "$from.old/unviable.txt" "$from/unviable.txt" -o "$from/unviable.txt"
    fi
    for f in caught.txt missed.txt timeout.txt unviable.txt previously_caught.txt mutants.json; do
        [[ ! -f $from/$f ]] || cp "$from/$f" "$dest/$f"
    done
    # outcomes.json, without the scratch folders it names (paths of this
    # machine, not results).
    python3 scripts/lib/mutants-page.py --clean-outcomes "$from/outcomes.json" >"$dest/outcomes.json"
    cp "$work/$piece/run.json" "$dest/run.json"
    echo "mutants: $piece done in ${seconds}s" >&2
done
page
echo "wrote $out/README.md" >&2
