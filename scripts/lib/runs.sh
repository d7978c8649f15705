# What the publishing scripts share; source it from the repository's root.
#
#   source scripts/lib/runs.sh
#   stamp=$(mktemp); lab sweep … --out runs; run=$(new_run_folder runs "$stamp")

# The astar-lab command, built for measuring.
lab() { cargo run --release --quiet -p astar-lab -- "$@"; }

# Prints the run folder a sweep just made: the newest folder directly under
# $1 that is newer than the stamp file $2 (made before the sweep started),
# and removes the stamp. Fails, saying so, when the sweep made none.
new_run_folder() {
    local dir=$1 stamp=$2 run
    run=$(find "$dir" -mindepth 1 -maxdepth 1 -type d -newer "$stamp" | sort | tail -n 1)
    rm -f "$stamp"
    if [[ -z "$run" ]]; then
        echo "error: the sweep made no run folder in $dir/" >&2
        return 1
    fi
    echo "$run"
}
