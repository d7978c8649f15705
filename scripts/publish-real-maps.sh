#!/usr/bin/env bash
# Measures every strategy on the committed MovingAI suite (data/movingai/) and
# publishes the runs, their tables and charts to reports/real-maps/, and the
# writeup's "On real maps" section (reports/README.md).
#
#   scripts/publish-real-maps.sh [extra sweep flags, e.g. --threads 2]
#
# Three real-map sweeps of the same sampled rows: every strategy with LIFO
# ties (the default), then a few strategies with FIFO and with larger-G ties
# for the tie table. A search over the budget is recorded `over-budget` and
# its strategy skips the longer rows of that file. One worker thread, so no
# search shares the machine with another; a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

SAMPLE=100
BUDGET_MS=100
TIE_STRATEGIES=floor,heap,dary4,bucket,radix

source scripts/lib/runs.sh

cargo build --release -p astar-lab
mkdir -p runs
out=reports/real-maps
# Every run is measured first and copied after, so that each one is measured
# on a clean tree and names its commit.
runs=()
for tie in lifo fifo larger-g; do
    stamp=$(mktemp)
    strategies=all
    [[ $tie == lifo ]] || strategies=$TIE_STRATEGIES
    # Exit 1 means a mismatch on some row: keep it on record and go on.
    lab sweep --scen data/movingai --sample "$SAMPLE" --budget-ms "$BUDGET_MS" \
        --tie "$tie" --strategies "$strategies" --threads 1 --out runs "$@" || [[ $? == 1 ]]
    run=$(new_run_folder runs "$stamp")
    runs+=("$tie=$run")
done
for entry in "${runs[@]}"; do
    tie=${entry%%=*}
    run=${entry#*=}
    mkdir -p "$out/data/$tie"
    cp "$run/results.csv" "$run/meta.json" "$out/data/$tie/"
done
lab real-maps-report "$out/data/lifo" "$out/data/fifo" "$out/data/larger-g" --out "$out" \
    --writeup reports/README.md
echo "published to $out/"
