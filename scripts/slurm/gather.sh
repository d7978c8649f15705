#!/usr/bin/env bash
# Gathers a sharded sweep: checks that every shard's run folder is there, then
# draws the charts and writes the report over all of them (`plot` and `report`
# merge the folders only after checking that their configurations agree).
#
# As the job that submit.sh makes depend on the array, or by hand:
#
#   ASTAR_LAB_BIN=target/release/astar-lab scripts/slurm/gather.sh OUT N
#
# Writes OUT/charts/ and OUT/reports/ (README.md and tables.md); for a
# real-map sweep (`sweep --scen`), `real-maps-report` writes OUT/reports/.
# Exits non-zero with one `error: …` line when a shard is missing or twice there.
#
#SBATCH --job-name=astar-gather
#SBATCH --cpus-per-task=1
#SBATCH --output=%x-%j.out
set -euo pipefail

die() { echo "error: $*" >&2; exit 2; }

out=${1:-${ASTAR_LAB_OUT:-}}
n=${2:-${ASTAR_LAB_SHARDS:-}}
bin=${ASTAR_LAB_BIN:-astar-lab}
[[ -n "$out" && -n "$n" ]] || die "usage: gather.sh OUT N (or set ASTAR_LAB_OUT and ASTAR_LAB_SHARDS)"
[[ -d "$out/runs" ]] || die "$out/runs: no such folder"

dirs=()
for ((k = 1; k <= n; k++)); do
    shopt -s nullglob
    found=("$out/runs"/*-shard-"$k"-of-"$n")
    shopt -u nullglob
    case ${#found[@]} in
        0) die "shard $k/$n has no run folder in $out/runs" ;;
        1) dirs+=("${found[0]}") ;;
        *) die "shard $k/$n has ${#found[@]} run folders in $out/runs: ${found[*]}" ;;
    esac
done

if grep -q '"real_maps"' "${dirs[0]}/meta.json"; then
    # A real-map sweep (`sweep --scen`): its own tables, per map family.
    "$bin" real-maps-report "${dirs[@]}" --out "$out/reports"
    echo "gathered $n shards: $out/reports/README.md"
else
    "$bin" plot "${dirs[@]}" --out "$out/charts"
    "$bin" report "${dirs[@]}" --reports "$out/reports"
    echo "gathered $n shards: $out/reports/README.md, $out/charts/"
fi
