#!/usr/bin/env bash
# Proves the Slurm scripts end to end on this one machine: starts a
# single-node Slurm (munge, slurmctld, slurmd) in a temporary folder, submits
# a small sweep in 3 shards through scripts/slurm/submit.sh, waits for the
# array and the gather job, submits it again (every shard resumes its run
# folder and has nothing left to do), runs the same sweep unsharded here, and
# checks that the merged rows equal the unsharded rows (every column but the
# timing ones), that `report` over the shards succeeds, and that it names
# each shard's machine when one shard's metadata names another CPU.
#
#   sudo scripts/slurm-local-proof.sh
#
# Needs root (it starts the daemons as root) and Debian's slurm-wlm and munge,
# which it installs with apt-get when missing. Everything else it makes lives in
# one temporary folder: the munge key and socket, slurm.conf, the daemons'
# state, spool and logs, the sweeps. The daemons are stopped and the folder
# removed on exit (kept on failure, for its logs, unless KEEP=0; KEEP=1 keeps it
# always). Prints `PASS` last when everything held; exits non-zero with an
# `error: …` line otherwise. Not part of CI: it takes a few minutes.
#
# Environment: SLURMCTLD_PORT, SLURMD_PORT (default 6817, 6818), TIMEOUT
# (seconds to wait for the jobs, default 900).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
shards=3
sweep_flags=(--sizes 32,64 --maps 2 --queries 2 --strategies heap,bucket,floor --min-time-ms 1)
ctld_port=${SLURMCTLD_PORT:-6817}
slurmd_port=${SLURMD_PORT:-6818}
timeout=${TIMEOUT:-900}

say() { echo "slurm-proof: $*"; }
fail() {
    echo "error: $*" >&2
    exit 1
}

[[ $(id -u) == 0 ]] || fail "run as root: the proof starts munged, slurmctld and slurmd itself"

# --- 1. Packages ---------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
    ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    say "installing slurm-wlm and munge"
    apt-get update >/dev/null || fail "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurm-wlm munge >/dev/null ||
        fail "apt-get install slurm-wlm munge failed"
fi
for tool in slurmctld slurmd sbatch squeue scontrol sinfo munged munge; do
    command -v "$tool" >/dev/null || fail "$tool not found after installing slurm-wlm and munge"
done
for port in "$ctld_port" "$slurmd_port"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        fail "port $port is in use (another Slurm?): set SLURMCTLD_PORT and SLURMD_PORT to free ports"
    fi
done

# --- 2. A temporary folder and the cleanup ------------------------------------
tmp=$(mktemp -d /tmp/slurm-proof.XXXXXX)
chmod 755 "$tmp"
pids=()
passed=0
cleanup() {
    local rc=$?
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        kill "${pids[i]}" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    if [[ "${KEEP:-}" == 1 || ($passed == 0 && "${KEEP:-}" != 0) ]]; then
        echo "slurm-proof: kept $tmp (daemon logs in $tmp/log, job logs in $tmp/sweep/logs)" >&2
    else
        rm -rf "$tmp"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$tmp/munge" "$tmp/etc" "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/run"
chmod 711 "$tmp/munge"

# --- 3. munge, with its own key and socket -------------------------------------
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
socket="$tmp/munge/munge.socket"
munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$socket" \
    --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" \
    --seed-file="$tmp/munge/munged.seed" >"$tmp/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do
    [[ -S "$socket" ]] && break
    sleep 0.2
done
munge --socket="$socket" -n | unmunge --socket="$socket" >/dev/null ||
    fail "munged does not answer on $socket (see $tmp/log/munged.log)"
say "munged up"

# --- 4. slurm.conf for this host, and the daemons ------------------------------
host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.8 }' /proc/meminfo)
export SLURM_CONF="$tmp/etc/slurm.conf"
cat >"$SLURM_CONF" <<CONF
# A single-node cluster on this host, for scripts/slurm-local-proof.sh only.
ClusterName=proof
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool/slurmd-%n
SlurmctldPidFile=$tmp/run/slurmctld.pid
SlurmdPidFile=$tmp/run/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MinJobAge=600
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=proof Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

slurmctld -D -i -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$tmp/log/slurmd.out" 2>&1 &
pids+=($!)
state=
for _ in $(seq 60); do
    state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
    [[ "$state" == idle ]] && break
    sleep 1
done
[[ "$state" == idle ]] ||
    fail "node $host is not idle after 60 s (state '${state:-none}'; see $tmp/log/slurmctld.log and slurmd.log)"
say "slurmctld and slurmd up: node $host, $cpus CPUs, ${mem_mb} MB"

# --- 5. Build once, submit the sharded sweep and wait for it -------------------
say "building astar-lab"
(cd "$repo" && cargo build --release -q -p astar-lab) || fail "cargo build --release -p astar-lab failed"
bin="$repo/target/release/astar-lab"
out="$tmp/sweep"

job_states() { # "STATE EXIT" per job or array task
    scontrol -o show job "$1" 2>/dev/null |
        sed -n 's/.*JobState=\([A-Z_]*\) .* ExitCode=\([0-9:]*\).*/\1 \2/p'
}

# Submits the sweep through submit.sh (with any extra environment given as
# arguments), waits for the array and the gather job to end, and requires
# every task and the gather job to have succeeded.
submit_and_wait() {
    local submitted array gather states tasks waited=0
    submitted=$(env "$@" ASTAR_LAB_SHARDS=$shards ASTAR_LAB_OUT="$out" ASTAR_LAB_PARTITION=proof \
        ASTAR_LAB_BUILD=0 "$repo/scripts/slurm/submit.sh" "${sweep_flags[@]}") ||
        fail "scripts/slurm/submit.sh failed"
    echo "$submitted"
    array=$(sed -n 's/^array job: \([0-9]*\).*/\1/p' <<<"$submitted")
    gather=$(sed -n 's/^gather job: \([0-9]*\).*/\1/p' <<<"$submitted")
    [[ -n "$array" && -n "$gather" ]] || fail "submit.sh did not print the two job ids"
    while :; do
        states=$(
            job_states "$array"
            job_states "$gather"
        )
        if [[ -n "$states" ]] &&
            ! grep -qE '^(PENDING|CONFIGURING|RUNNING|COMPLETING|REQUEUED|RESIZING|SUSPENDED)' <<<"$states"; then
            break
        fi
        ((waited < timeout)) || fail "the jobs did not finish in $timeout s: $(tr '\n' ' ' <<<"$states")"
        sleep 2
        waited=$((waited + 2))
    done
    tasks=$(job_states "$array")
    [[ $(grep -c . <<<"$tasks") == "$shards" ]] || fail "expected $shards array tasks, found: $tasks"
    if grep -qv '^COMPLETED 0:0$' <<<"$tasks"; then
        for log in "$out"/logs/shard-*.out; do
            echo "--- $log" >&2
            tail -5 "$log" >&2
        done
        fail "an array task failed: $(tr '\n' ' ' <<<"$tasks")"
    fi
    [[ $(job_states "$gather") == "COMPLETED 0:0" ]] ||
        fail "the gather job did not succeed ($(job_states "$gather")): $(tail -3 "$out/logs/gather.out" 2>/dev/null)"
    say "$shards array tasks and the gather job completed in about $waited s"
}
submit_and_wait

# --- 6. Submitted again into the same folder, every shard resumes its run folder
# and finds nothing left to do.
rows_before=$(cat "$out"/runs/*/results.csv | wc -l)
submit_and_wait ASTAR_LAB_RESUME=1
for k in $(seq "$shards"); do
    grep -q '^resuming ' "$out/logs/shard-$k.out" || fail "shard $k did not resume its run folder when submitted again"
done
[[ $(cat "$out"/runs/*/results.csv | wc -l) == "$rows_before" ]] ||
    fail "submitting again with ASTAR_LAB_RESUME=1 changed the shards' rows"
say "submitted again, every shard resumed and had nothing left to do"

# --- 7. What the gather job made ------------------------------------------------
shopt -s nullglob
shard_dirs=("$out"/runs/*-shard-*-of-"$shards")
shopt -u nullglob
[[ ${#shard_dirs[@]} == "$shards" ]] || fail "expected $shards shard folders in $out/runs, found ${#shard_dirs[@]}"
for k in $(seq "$shards"); do
    grep -q "\"shard\": \"$k/$shards\"" "$out"/runs/*-shard-"$k"-of-"$shards"/meta.json ||
        fail "shard $k/$shards's meta.json does not say it is shard $k/$shards"
done
grep -q 'BEGIN GENERATED: conditions' "$out/reports/README.md" ||
    fail "the gather job wrote no conditions section in $out/reports/README.md"
ls "$out"/charts/*.svg >/dev/null 2>&1 || fail "the gather job drew no chart in $out/charts"
"$bin" report "${shard_dirs[@]}" --reports "$tmp/report-again" >/dev/null ||
    fail "astar-lab report over the shards failed"

# --- 8. The same sweep unsharded, here -----------------------------------------
say "the same sweep unsharded"
"$bin" sweep "${sweep_flags[@]}" --out "$tmp/whole" --no-report --threads "$cpus" >"$tmp/log/whole.out" 2>&1 ||
    fail "the unsharded sweep failed (see $tmp/log/whole.out)"
whole=("$tmp"/whole/*)
[[ ${#whole[@]} == 1 ]] || fail "expected one unsharded run folder, found ${#whole[@]}"

# --- 9. Row sets, timings aside -------------------------------------------------
# Left out: the time of one search and how many repeats it took, and
# bytes_per_cell, which counts a list's storage at the capacity it holds
# after the search: a worker thread reuses its lists, so that capacity keeps
# what earlier searches on the thread grew it to, and it depends on which
# queries the worker ran before (another shard, another order).
timing_columns="ns_per_search repeats bytes_per_cell"
header=$(head -1 "${whole[0]}/results.csv")
for d in "${shard_dirs[@]}"; do
    [[ $(head -1 "$d/results.csv") == "$header" ]] || fail "$d/results.csv has another header"
done
if grep -q '"' "${whole[0]}/results.csv" "${shard_dirs[@]/%//results.csv}"; then
    fail "a results.csv has quoted fields; this comparison splits on commas"
fi
keep=$(awk -F, -v drop="$timing_columns" 'NR == 1 {
    n = split(drop, d, " "); for (i = 1; i <= n; i++) skip[d[i]] = 1
    for (i = 1; i <= NF; i++) if (!($i in skip)) { printf "%s%d", sep, i; sep = "," }
    exit }' <<<"$header")
for column in $timing_columns; do
    grep -qE "(^|,)$column(,|$)" <<<"$header" || fail "results.csv has no $column column"
done
rows() { tail -q -n +2 "$@" | cut -d, -f"$keep" | LC_ALL=C sort; }
rows "${whole[0]}/results.csv" >"$tmp/whole.rows"
rows "${shard_dirs[@]/%//results.csv}" >"$tmp/merged.rows"
n_whole=$(wc -l <"$tmp/whole.rows")
expected=$((2 * 2 * 2 * 3)) # sizes × maps × queries × strategies
[[ "$n_whole" == "$expected" ]] || fail "the unsharded sweep has $n_whole rows, expected $expected"
if ! diff "$tmp/whole.rows" "$tmp/merged.rows" >"$tmp/rows.diff"; then
    head -20 "$tmp/rows.diff" >&2
    fail "the merged shards' rows differ from the unsharded run's (columns compared: $keep)"
fi
[[ -z $(uniq -d "$tmp/merged.rows") ]] || fail "the merged shards hold a row twice"
grep -v ',ok,' "$tmp/merged.rows" >&2 && fail "some rows are not ok"
say "merged rows of $shards shards = unsharded rows ($n_whole rows; all columns but $timing_columns)"

# --- 10. Shards from two machines say so -----------------------------------------
# One machine: the conditions name no machines. A copy of the shards with one
# meta.json naming another CPU: the conditions list each shard's machine.
grep -q '^| machines |' "$out/reports/README.md" &&
    fail "the report of shards from one machine lists machines"
mkdir "$tmp/two-machines"
cp -r "${shard_dirs[@]}" "$tmp/two-machines/"
copies=("$tmp"/two-machines/*)
sed -i 's/"cpu": "[^"]*"/"cpu": "Another CPU"/' "${copies[1]}/meta.json"
"$bin" report "${copies[@]}" --reports "$tmp/two-machines-report" >/dev/null ||
    fail "astar-lab report over shards from two machines failed"
grep -q "^| machines | 2 different machines .*shard 2/$shards on Another CPU" \
    "$tmp/two-machines-report/README.md" ||
    fail "the report of shards from two machines does not list each shard's machine"
say "a shard from another machine is named in the conditions"
passed=1
echo "PASS: $shards-shard sweep through a local Slurm equals the unsharded sweep, and its report was made"
