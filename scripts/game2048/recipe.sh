#!/usr/bin/env bash
# Trains the 2048 n-tuple network of the README from zero, step by step (docs/2048-strength.md,
# the training runs of sessions 28, 68, 69 and 70): each step goes on from the last with `--resume`,
# and a step that has finished leaves a mark in DIR, so the script can be stopped at any time and
# run again to go on (an interrupted step starts again from the network the step before left).
#
# Needs: the Rust toolchain (it builds `tabula` in release mode), about 2 GB of memory and 7 GB
# of disk (a copy of the network after each step). Not run by CI: the whole recipe, 2,501,028
# games, takes about three hours on two cores.
#
#   scripts/game2048/recipe.sh DIR [THREADS, default 2]
#
# The network is DIR/net.bin (with its coherence sums, DIR/net.bin.tc); a copy is kept after
# each step as DIR/net-after-seedS.bin. To play with it: `tabula play 2048 --agent
# ntuple:mean=10,weights=DIR/net.bin`, or copy it to "$TABULA_DATA_DIR/2048-ntuple.bin" to
# make it the default. With two threads a run is not replayed game for game.
set -euo pipefail
dir=${1:?usage: recipe.sh DIR [THREADS]}
threads=${2:-2}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
cd "$(dirname "$0")/../.."
cargo build --release -q -p tabula
tabula=$PWD/target/release/tabula

# One step: GAMES more games with the training seed SEED and the step's own options, from the
# network the step before left (none for the first).
previous=""
step() {
    local games=$1 seed=$2
    shift 2
    local after="$dir/net-after-seed$seed.bin" resume=()
    if [ ! -f "$dir/done-seed$seed" ]; then
        if [ -n "$previous" ]; then
            cp "$previous" "$dir/net.bin"
            rm -f "$dir/net.bin.tc"
            if [ -f "$previous.tc" ]; then cp "$previous.tc" "$dir/net.bin.tc"; fi
            resume=(--resume "$dir/net.bin")
        fi
        echo "step: $games games, seed $seed, $* ($(date -u +%H:%M:%S))"
        "$tabula" train 2048 --games "$games" --out "$dir/net.bin" "${resume[@]}" \
            --seed "$seed" --threads "$threads" "$@"
        cp "$dir/net.bin" "$after"
        if [ -f "$dir/net.bin.tc" ]; then cp "$dir/net.bin.tc" "$after.tc"; fi
        touch "$dir/done-seed$seed"
    fi
    previous=$after
}

step 121343 11
step 89471 2812
step 42941 31 --tc --alpha 1
step 348692 41 --tc --alpha 1 --restarts 8192
step 80810 61 --tc --alpha 1 --restarts 8192
# Session 68: the late game played and learnt by tile downgrading (one thread in its run). The
# two-stage steps that followed step 61 until then (seeds 71-92) are in docs/2048-strength.md.
step 290165 681 --tc --alpha 1 --restarts 16384 --downgrade 16384
# Session 69: the same, 66 minutes more on two threads (32768 in 20 of 60 games at 10 ms).
step 914196 682 --tc --alpha 1 --restarts 16384 --downgrade 16384
# Session 70: 49 minutes more (at the wall 118 of 400 boards against 89 for the step before;
# at 10 ms 18 of 60 games, level with the step before).
step 613407 683 --tc --alpha 1 --restarts 16384 --downgrade 16384
echo "done: $dir/net.bin"
