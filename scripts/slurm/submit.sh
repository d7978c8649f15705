#!/usr/bin/env bash
# Submits a sweep to Slurm as a job array, one shard per array task, and a
# gather job that runs when every shard has finished.
#
#   ASTAR_LAB_SHARDS=8 ASTAR_LAB_OUT=/shared/sweeps/big ASTAR_LAB_PARTITION=batch \
#       scripts/slurm/submit.sh --sizes 256,512,1024 --maps 10 --strategies heap,bucket,floor
#
# Arguments are `astar-lab sweep` flags (not --shard, --out, --resume,
# --threads or --no-report, which the tasks set). Run it from the repository, on a
# login node that sees the same shared storage as the compute nodes.
#
# Environment:
#   ASTAR_LAB_SHARDS     N, shards (array tasks); default 4
#   ASTAR_LAB_OUT        output folder on shared storage (required): runs/
#                        gets one run folder per shard, charts/ and reports/
#                        the merged results, logs/ the jobs' output
#   ASTAR_LAB_PARTITION  partition (default: the cluster's default)
#   ASTAR_LAB_CPUS       CPUs per task, and the sweep's threads (default 1)
#   ASTAR_LAB_TIME       time limit per task, as sbatch --time (default: the partition's)
#   ASTAR_LAB_SBATCH     more sbatch options for both jobs, split on spaces
#   ASTAR_LAB_BUILD=0    use target/release/astar-lab as it is instead of building it
#   ASTAR_LAB_RESUME=1   submit again into an OUT that has run folders: each task
#                        resumes its shard's folder (a finished one has nothing
#                        left to do), with the binary in OUT/bin; give the same flags
#
# The binary is built once here and copied to OUT/bin, so every task runs
# the same build even if the tree changes while the jobs wait. The tasks run
# in this repository (--chdir), so the run folders record its commit.
# Prints the two job ids; gather again by hand with scripts/slurm/gather.sh.
set -euo pipefail

die() { echo "error: $*" >&2; exit 2; }

repo=$(cd "$(dirname "$0")/../.." && pwd)
n=${ASTAR_LAB_SHARDS:-4}
out=${ASTAR_LAB_OUT:-}
cpus=${ASTAR_LAB_CPUS:-1}
[[ -n "$out" ]] || die "set ASTAR_LAB_OUT to an output folder on shared storage"
[[ "$n" =~ ^[1-9][0-9]*$ ]] || die "ASTAR_LAB_SHARDS must be a positive number, got '$n'"
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || die "ASTAR_LAB_CPUS must be a positive number, got '$cpus'"
for a in "$@"; do
    case $a in
        --shard|--shard=*|--out|--out=*|--resume|--resume=*|--threads|--threads=*|--no-report)
            die "$a is set by the array tasks; leave it out" ;;
    esac
done
command -v sbatch >/dev/null || die "sbatch not found: run this on a Slurm login node"

resume=${ASTAR_LAB_RESUME:-0}
if [[ "$resume" != 1 && -d "$out/runs" && -n "$(ls -A "$out/runs")" ]]; then
    die "$out/runs already holds run folders: use a new ASTAR_LAB_OUT, or ASTAR_LAB_RESUME=1 to finish that sweep"
fi
mkdir -p "$out/bin" "$out/logs" "$out/runs"
out=$(cd "$out" && pwd)
bin="$out/bin/astar-lab"

if [[ "$resume" == 1 && -x "$bin" ]]; then
    echo "resuming with the binary the sweep started with: $bin"
else
    if [[ "${ASTAR_LAB_BUILD:-1}" != 0 ]]; then
        (cd "$repo" && cargo build --release -p astar-lab)
    fi
    [[ -x "$repo/target/release/astar-lab" ]] || die "$repo/target/release/astar-lab: not built"
    cp "$repo/target/release/astar-lab" "$bin"
fi

common=(--parsable --chdir="$repo")
[[ -n "${ASTAR_LAB_PARTITION:-}" ]] && common+=(--partition="$ASTAR_LAB_PARTITION")
[[ -n "${ASTAR_LAB_TIME:-}" ]] && common+=(--time="$ASTAR_LAB_TIME")
# shellcheck disable=SC2206 # split on spaces on purpose
[[ -n "${ASTAR_LAB_SBATCH:-}" ]] && common+=($ASTAR_LAB_SBATCH)
export ASTAR_LAB_BIN="$bin" ASTAR_LAB_OUT="$out" ASTAR_LAB_SHARDS="$n" ASTAR_LAB_THREADS="$cpus"

array=$(sbatch "${common[@]}" --array="1-$n" --cpus-per-task="$cpus" \
    --output="$out/logs/shard-%a.out" --export=ALL \
    "$repo/scripts/slurm/shard.sbatch" "$@")
array=${array%%;*}
gather=$(sbatch "${common[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    --output="$out/logs/gather.out" --export=ALL \
    "$repo/scripts/slurm/gather.sh" "$out" "$n")
gather=${gather%%;*}
echo "array job: $array ($n shards, logs in $out/logs/)"
echo "gather job: $gather (after every shard succeeds: $out/reports/README.md)"
