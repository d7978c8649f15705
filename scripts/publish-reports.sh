#!/usr/bin/env bash
# Regenerates the published reports end to end: a full sweep (up to 4096²,
# about an hour on two cores), then the charts and the writeup's generated
# sections from its data alone.
#
#   scripts/publish-reports.sh [extra sweep flags, e.g. --threads 2]
#
# The run folder stays in runs/; its results.csv and meta.json are copied to
# reports/data/, which is what the charts and tables are drawn from, so they
# can be redrawn later without measuring again.
set -euo pipefail
cd "$(dirname "$0")/.."

lab() { cargo run --release --quiet -p astar-lab -- "$@"; }

cargo build --release -p astar-lab
stamp=$(mktemp)
trap 'rm -f "$stamp"' EXIT
mkdir -p runs
lab sweep --full --no-report --out runs "$@"

# The run this sweep made: the one folder in runs/ newer than the stamp.
run=$(find runs -mindepth 1 -maxdepth 1 -type d -newer "$stamp" | sort | tail -n 1)
if [[ -z "$run" ]]; then
    echo "error: the sweep made no run folder in runs/" >&2
    exit 1
fi

mkdir -p reports/data
cp "$run/results.csv" "$run/meta.json" reports/data/
lab plot reports/data --out reports/charts
lab report reports/data --reports reports
# The seeds' quirks, measured (reports/seeds/ and the writeup's "seeds" section).
lab seeds --maps 40 --sizes 32,64,128,256 --queries 5 --seed 1
echo "published $run to reports/"
