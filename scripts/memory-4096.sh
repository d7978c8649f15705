#!/usr/bin/env bash
# Peak memory of a sweep at 4096²: one map, six queries (the fewest a median
# gets a 95% interval from), the strategies fast enough for that size, all
# threads. The run's metadata records the process's
# peak resident memory; `astar-lab report` turns it into reports/memory/
# (conditions with the peak, and bytes of search state per cell per strategy).
#
#   scripts/memory-4096.sh [extra sweep flags, e.g. --threads 1]
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/runs.sh

cargo build --release -p astar-lab
stamp=$(mktemp)
trap 'rm -f "$stamp"' EXIT
mkdir -p runs/memory
lab sweep --sizes 4096 --maps 1 --queries 6 \
    --strategies heap,lazy-heap,dary4,pairing,bucket,radix,two-level,floor,lazy-floor,pathfinding \
    --no-report --out runs/memory "$@"
run=$(new_run_folder runs/memory "$stamp")
mkdir -p reports/memory/data
cp "$run/results.csv" "$run/meta.json" reports/memory/data/
lab report reports/memory/data --reports reports/memory
echo "wrote reports/memory/"
