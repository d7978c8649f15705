#!/usr/bin/env bash
# Measures every Rust option a user can `cargo add` for A* on a grid, side by
# side with this project's own lists and the floor, for the writeup's "Which
# crate should I use?" section:
#
#   the crates' priority queues as open lists of this project's A*
#   (crate-priority-queue, crate-keyed-pq, crate-dary-heap), the `pathfinding`
#   and `petgraph` searches, `grid_pathfinding`'s jump point search
#   (grid-jps), this project's heap, lazy heap and bucket queues, the floor.
#
#   scripts/publish-which-crate.sh
#
# One round is three sweeps, each on one worker thread:
#
#   random         random maps, 256² and 1024², 20 maps × 3 queries each,
#                  the default rules (costs 10/14, no corner cutting)
#   movingai       the committed MovingAI suite (data/movingai/), 100 rows a
#                  file, MovingAI's rules
#   corner-cutting the same rows with corners cut: the only rules under which
#                  grid_pathfinding's jump point search runs (its diagonal
#                  needs only its target free), beside this project's lists
#
# Each round adds its three run folders to reports/which-crate/data/WORKLOAD/
# (named by the run's start), so rounds run hours apart accumulate and the
# section shows the spread between them. Everything is measured before
# anything is copied, so every run names a clean commit. A few minutes a
# round.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/runs.sh

OURS=floor,heap,lazy-heap,bucket,sparse-bucket,two-level
CRATES=crate-priority-queue,crate-keyed-pq,crate-dary-heap,pathfinding,petgraph

cargo build --release -p astar-lab
mkdir -p runs
out=reports/which-crate/data

# measure WORKLOAD SWEEP_FLAGS…: one sweep, remembered as WORKLOAD=FOLDER.
runs=()
measure() {
    local workload=$1 stamp run
    shift
    stamp=$(mktemp)
    # Exit 1 means a mismatch on some row: keep it on record and go on.
    lab sweep --no-report --threads 1 --out runs "$@" || [[ $? == 1 ]]
    run=$(new_run_folder runs "$stamp")
    runs+=("$workload=$run")
}

measure random --sizes 256,1024 --maps 20 --queries 3 --strategies "$OURS,$CRATES"
measure movingai --scen data/movingai --sample 100 --strategies "$OURS,$CRATES"
measure corner-cutting --scen data/movingai --sample 100 --corner-cutting \
    --strategies "$OURS,grid-jps"

for entry in "${runs[@]}"; do
    workload=${entry%%=*}
    run=${entry#*=}
    mkdir -p "$out/$workload/$(basename "$run")"
    cp "$run/results.csv" "$run/meta.json" "$out/$workload/$(basename "$run")/"
done
echo "published to $out/"
