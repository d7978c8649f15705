#!/usr/bin/env bash
# Regenerates the published reports end to end, in two steps:
#
# 1. One worker thread or every core? The quick configuration is timed twice,
#    on one worker thread and on every core; `astar-lab threads` compares the
#    paired ratios with their intervals (reports/threads/data/, and the
#    writeup's "threads" section) and names the setting to publish with:
#    every core only when it agrees with one thread within the intervals.
# 2. The full sweep (up to 4096², the linear-time lists under a per-search
#    budget; about 15 minutes on one worker thread) with that setting, then the
#    charts and the writeup's generated sections from its data alone.
#
#   scripts/publish-reports.sh [extra sweep flags for step 2]
#
# Each run folder stays in runs/; its results.csv and meta.json are copied
# to reports/, which is what the charts and tables are drawn from, so they
# can be redrawn later without measuring again.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/runs.sh

# Runs a sweep with the given flags and prints the run folder it made.
sweep_into_runs() {
    local stamp
    stamp=$(mktemp)
    # Exit 1 means some row is a mismatch: it is on record; go on.
    lab sweep --no-report --out runs "$@" >&2 || [[ $? == 1 ]]
    new_run_folder runs "$stamp"
}

# Copies a run's data into a reports folder.
publish_data() {
    mkdir -p "$2"
    cp "$1/results.csv" "$1/meta.json" "$2/"
}

cargo build --release -p astar-lab
mkdir -p runs
cores=$(nproc)

# Everything is measured before anything is copied into reports/, so every
# run is measured on a clean tree and names its commit without "-dirty".
one=$(sweep_into_runs --quick --threads 1)
many=$(sweep_into_runs --quick --threads "$cores")
# The choice, from a scratch copy of the writeup; the real one is written below.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp reports/README.md "$scratch/"
threads=$(lab threads --one "$one" --many "$many" --reports "$scratch" |
    sed -n 's/^threads to publish with: //p')
echo "publishing with $threads worker thread(s)"
run=$(sweep_into_runs --full --threads "$threads" "$@")

publish_data "$one" reports/threads/data/one
publish_data "$many" reports/threads/data/many
lab threads --one reports/threads/data/one --many reports/threads/data/many
publish_data "$run" reports/data
lab plot reports/data --out reports/charts
lab report reports/data --reports reports
# The seeds' quirks are measured by their own command, named in the marker of
# the writeup's "seeds" section (it writes reports/seeds/ as it measures).
echo "published $run to reports/"
