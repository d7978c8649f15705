#!/usr/bin/env bash
# Regenerates the pictures in reports/pictures/: seed 000's worked example,
# one random map per heuristic, and octile against Manhattan side by side.
#
#   scripts/render-pictures.sh
#
# Every picture is deterministic: the maps are a fixed file or a seeded
# random map, and the searches have no randomness.
set -euo pipefail
cd "$(dirname "$0")/.."

lab() { cargo run --release --quiet -p astar-lab -- "$@"; }
out=reports/pictures
cargo build --release -p astar-lab

# Seed 000's board: 7x5, a wall at x=3 from y=1 to 3, start (1,2), goal
# (5,2); the seed's Manhattan H and costs (10 straight, 14 diagonal), its
# neighbour numbering (right, down, left, up, then the diagonals) and closed
# neighbours skipped.
seed=(render --map "$out/seed000.map" --from 1,2 --to 5,2 --heuristic manhattan --costs seed
    --neighbours seed --closed final)
# The seed's first figure: the start expanded, its eight neighbours on OPEN.
lab "${seed[@]}" --after 1 --out "$out/seed000-first.svg"
lab "${seed[@]}" --after 1 --out "$out/seed000-first.png"
# The finished search, and the whole search frame by frame.
lab "${seed[@]}" --out "$out/seed000.svg"
lab "${seed[@]}" --out "$out/seed000.png" --animate "$out/seed000.gif"

# One random map (24x24, a quarter walls, seed 3), searched with each heuristic.
board=(--random 24,0.25,3 --from 0,0 --to 23,23 --costs seed)
for h in octile manhattan chebyshev euclidean zero; do
    lab render "${board[@]}" --heuristic "$h" --out "$out/random-$h.png"
done
lab render "${board[@]}" --compare octile,manhattan --out "$out/compare-octile-manhattan.png"
