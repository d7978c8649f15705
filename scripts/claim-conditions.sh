#!/usr/bin/env bash
# Where seed 000's "2–3× faster with a heap" claim holds: one small sweep per
# condition, one factor moved at a time from the default (octile heuristic,
# density 0.25, lifo ties), then one speedup-vs-size chart per condition and
# the writeup's generated `claim-conditions` section. Both of the seeds' heaps
# are measured against the linear scan: `heap` (an indexed binary heap) and
# `heap-scan` (seed 003's heap, whose decrease-key finds the node by a linear
# scan: the heap closest to the tutorial's).
#
#   scripts/claim-conditions.sh [extra sweep flags, e.g. --threads 2]
#
# Each run's results.csv and meta.json are copied to
# reports/conditions/data/<condition>/; the charts and the table are drawn
# from there alone, so they can be redrawn without measuring again:
#
#   astar-lab claim reports/conditions/data/* --reports reports
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/runs.sh

# name and the sweep flags that move it away from the default condition.
conditions=(
    "default|"
    "heuristic-manhattan|--heuristic manhattan"
    "heuristic-zero|--heuristic zero"
    "density-0.1|--densities 0.1"
    "density-0.4|--densities 0.4"
    "tie-fifo|--tie fifo"
    "tie-larger-g|--tie larger-g"
)
common=(--sizes 32,64,128,256,512,1024 --maps 5 --queries 5 --min-time-ms 10
    --strategies linear,sorted,heap,heap-scan,bucket,floor --seed 1 --no-report)

cargo build --release -p astar-lab
mkdir -p runs/conditions
# Every sweep runs before anything is copied into reports/, so each run's
# metadata records the commit of a clean tree (copying earlier would mark the
# later runs "-dirty").
runs=()
for entry in "${conditions[@]}"; do
    name=${entry%%|*}
    read -r -a flags <<<"${entry#*|}"
    stamp=$(mktemp)
    lab sweep "${common[@]}" ${flags[@]+"${flags[@]}"} --out "runs/conditions/$name" "$@"
    # The run this sweep made: the newest folder under its output folder.
    run=$(new_run_folder "runs/conditions/$name" "$stamp")
    runs+=("$run")
done
for i in "${!conditions[@]}"; do
    name=${conditions[$i]%%|*}
    mkdir -p "reports/conditions/data/$name"
    cp "${runs[$i]}/results.csv" "${runs[$i]}/meta.json" "reports/conditions/data/$name/"
done

for entry in "${conditions[@]}"; do
    name=${entry%%|*}
    # Every chart is drawn, but only the speedup over linear is published;
    # the rest stay with the runs.
    lab plot "reports/conditions/data/$name" --out "runs/conditions/charts/$name" >/dev/null
    cp "runs/conditions/charts/$name/speedup-vs-linear.png" "reports/conditions/$name.png"
    cp "runs/conditions/charts/$name/speedup-vs-linear.svg" "reports/conditions/$name.svg"
done
data=()
for entry in "${conditions[@]}"; do
    data+=("reports/conditions/data/${entry%%|*}")
done
lab claim "${data[@]}" --reports reports
echo "wrote reports/conditions/ and the claim-conditions section of reports/README.md"
