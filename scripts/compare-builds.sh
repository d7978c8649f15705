#!/usr/bin/env bash
# Two builds of the search side by side, for judging a speed change: the
# `one` example built at two git revisions, run on the same workload in
# alternation, each run reporting its best round; then each build's median
# over runs, the ratio new ÷ base, and (unless --no-callgrind) each build's
# instructions per expansion under callgrind, which a busy machine cannot
# move.
#
#   scripts/compare-builds.sh [--runs N] [--no-callgrind] BASE [NEW] -- STRATEGY ONE_ARGS... [-- STRATEGY ONE_ARGS...]...
#
# BASE and NEW are git revisions; without NEW the working tree is the new
# build, uncommitted changes included. Everything after a `--` goes to the
# `one` example (see crates/harness/examples/one.rs): a strategy, then
# `[queries] [rounds]` on the random 1024² workload, `--scen FILE.scen ROW
# [rounds]` for a MovingAI row, or `--scen FILE.scen --sample N [rounds]` for
# N rows of a file. For example, a change to two-level against main on the
# MovingAI row the instruction tables use, and the floor the same way (a
# change to the shared loop moves both):
#
#   scripts/compare-builds.sh main -- two-level --scen data/movingai/maze512-32-0.map.scen 3000 21
#   scripts/compare-builds.sh main -- floor --scen data/movingai/maze512-32-0.map.scen 3000 21
#
# Each further `--` starts another workload, compared with the same two
# builds (built once), and a last table lists every workload's ratio. So a
# change to the heap on every committed MovingAI file, 40 rows a file:
#
#   scripts/compare-builds.sh --no-callgrind main $(for f in data/movingai/*.scen; do
#       echo -- heap --scen "$f" --sample 40 5; done)
#
# Runs alternate (base, new, base, new, …) so that whatever else the machine
# does falls on both; a run's best round is its least disturbed one, and the
# median over runs (default 7) the figure compared. Beside it, the middle
# half of the run-by-run ratios (each new run over the base run just before
# it) shows how much the machine moved them: on a shared machine that spread
# is often wider than the change measured, so a control workload whose code
# did not change (the floor, for a change to a list) belongs in the same
# comparison. Both builds must count the
# same expansions, or the script stops: a change that alters the search is
# not a speed change. Revisions are built in temporary git worktrees, each
# into a target directory of its own under the repository's (cargo would take
# one checkout's build for the other's in a shared one), kept for the next
# comparison, so dependencies are compiled once.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

usage="usage: scripts/compare-builds.sh [--runs N] [--no-callgrind] BASE [NEW] -- STRATEGY ONE_ARGS... [-- STRATEGY ONE_ARGS...]..."
runs=7
callgrind=1
while [[ $# -gt 0 ]]; do
    case $1 in
    --runs)
        [[ $# -ge 2 ]] || { echo "error: --runs wants a count" >&2; exit 2; }
        runs=$2
        shift 2
        ;;
    --no-callgrind) callgrind=0; shift ;;
    *) break ;;
    esac
done
[[ $# -ge 3 ]] || { echo "$usage" >&2; exit 2; }
base=$1
shift
new=
if [[ $1 != -- ]]; then
    new=$1
    shift
fi
[[ ${1:-} == -- ]] || { echo "$usage" >&2; exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "error: --runs wants a positive count, got '$runs'" >&2; exit 2; }
# The workloads: workload i is words[starts[i]] .. words[starts[i] + lengths[i] - 1].
words=()
starts=()
lengths=()
for arg in "$@"; do
    if [[ $arg == -- ]]; then
        starts+=("${#words[@]}")
        lengths+=(0)
        continue
    fi
    words+=("$arg")
    lengths[-1]=$((lengths[-1] + 1))
done
for n in "${lengths[@]}"; do
    [[ $n -ge 1 ]] || { echo "$usage" >&2; exit 2; }
done

work=$(mktemp -d)
cleanup() {
    for tree in "$work"/tree-*; do
        if [[ -d $tree ]]; then
            git worktree remove --force "$tree" >/dev/null 2>&1 || true
        fi
    done
    rm -rf "$work"
}
trap cleanup EXIT
# Absolute: the builds run from other directories.
target=$(realpath -m "${CARGO_TARGET_DIR:-$root/target}")

# build NAME REVISION|"": the `one` example of a revision (or the working
# tree) copied to $work/one-NAME.
build() {
    local name=$1 rev=$2 dir=$root into=$target
    if [[ -n $rev ]]; then
        git rev-parse --verify --quiet "$rev^{commit}" >/dev/null ||
            { echo "error: '$rev' is not a revision of this repository" >&2; exit 2; }
        dir=$work/tree-$name
        into=$target/compare-builds-$name
        git worktree add --quiet --detach "$dir" "$rev"
    fi
    echo "building $name (${rev:-working tree})" >&2
    (cd "$dir" && CARGO_TARGET_DIR=$into cargo build --release --quiet -p astar-harness --example one)
    cp "$into/release/examples/one" "$work/one-$name"
}
build base "$base"
build new "$new"
if cmp -s "$work/one-base" "$work/one-new"; then
    echo "note: the two builds are the same binary" >&2
fi

# One run: "EXPANSIONS ROUNDS NANOSECONDS" (the best round's time).
line_format=': ([0-9]+) expansions, ([0-9]+) rounds, best round ([0-9]+) ns'
run() {
    local out
    # (Command substitutions do not inherit `set -e`.)
    out=$("$work/one-$1" "${one_args[@]}") || exit
    if [[ ! $out =~ $line_format ]]; then
        echo "error: the $1 build's one example printed '$out' (a revision from before it timed its rounds?)" >&2
        exit 1
    fi
    echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]}"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')

# compare: the two builds on the workload in one_args; prints its table and
# appends its ratio to $work/summary.
compare() {
    local i b line e rounds ns exp rev per instr ir
    local -A expansions=() medians=()
    rm -f "$work/times-base" "$work/times-new"
    for ((i = 1; i <= runs; i++)); do
        for b in base new; do
            line=$(run "$b")
            read -r e rounds ns <<<"$line"
            if [[ -n ${expansions[$b]:-} && ${expansions[$b]} != "$e" ]]; then
                echo "error: $b counted $e expansions after ${expansions[$b]}" >&2
                exit 1
            fi
            expansions[$b]=$e
            echo "$ns" >>"$work/times-$b"
        done
    done
    if [[ ${expansions[base]} != "${expansions[new]}" ]]; then
        echo "error: the builds search differently (${expansions[base]} and ${expansions[new]} expansions)" >&2
        exit 1
    fi
    exp=${expansions[base]}

    echo "one ${one_args[*]}: $exp expansions a round; $runs runs each, alternating, on $cpu"
    printf '%-6s %-14s %18s %16s %18s\n' build revision "median best round" "ns / expansion" "instr / expansion"
    for b in base new; do
        rev=${base}
        [[ $b == new ]] && rev=${new:-working tree}
        ns=$(median <"$work/times-$b")
        medians[$b]=$ns
        per=$(awk -v ns="$ns" -v e="$exp" 'BEGIN { printf "%.2f", ns / e }')
        instr=-
        if [[ $callgrind == 1 ]]; then
            valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*solve_all*' \
                --callgrind-out-file="$work/cg-$b" "$work/one-$b" "${one_args[@]}" >/dev/null 2>&1
            ir=$(awk -f scripts/lib/valgrind-totals.awk "$work/cg-$b" | sed -n 's/^Ir=//p')
            # Every round is counted: divide by every round's expansions.
            instr=$(awk -v ir="$ir" -v e="$exp" -v r="$rounds" 'BEGIN { printf "%.1f", ir / (e * r) }')
        fi
        printf '%-6s %-14s %15.3f ms %16s %18s\n' "$b" "$rev" "$(awk -v ns="$ns" 'BEGIN { print ns / 1e6 }')" "$per" "$instr"
    done
    ratio=$(awk -v b="${medians[base]}" -v n="${medians[new]}" 'BEGIN { printf "%.3f", n / b }')
    # Each new run over the base run just before it: the two ran seconds
    # apart, so the spread of these ratios shows how far the machine moved
    # the comparison. When that middle half reaches across 1, the machine
    # moved single runs more than the builds differ: repeat, or add runs.
    spread=$(paste "$work/times-base" "$work/times-new" | awk '{ print $2 / $1 }' | sort -g |
        awk '{ v[NR] = $1 } END { lo = int((NR + 3) / 4); hi = NR + 1 - lo; printf "%.3f–%.3f", v[lo], v[hi] }')
    echo "new / base: $ratio (below 1: the new build is faster); run by run, middle half $spread"
    echo "$ratio  [$spread]  ${one_args[*]}" >>"$work/summary"
}

for ((w = 0; w < ${#starts[@]}; w++)); do
    one_args=("${words[@]:${starts[w]}:${lengths[w]}}")
    [[ $w -gt 0 ]] && echo
    compare
done
if [[ ${#starts[@]} -gt 1 ]]; then
    echo
    echo "new / base by workload (below 1: the new build is faster; in brackets the middle half of the run-by-run ratios):"
    cat "$work/summary"
fi
