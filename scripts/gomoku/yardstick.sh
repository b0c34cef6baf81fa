#!/usr/bin/env bash
# Measures an engine change against a stronger reference brain: the new and the old brain each
# play the same match against the reference at the same time, one core each, and the two runs
# are compared game by game (scripts/gomoku/paired.py).
#
# Needs: the Rust toolchain (it builds `tabula` in release mode), Python 3, two free cores.
# Not run by CI.
#
#   cargo build --release -p pbrain-tabula && cp target/release/pbrain-tabula /tmp/pbrain-old
#   ... change the engine ...
#   cargo build --release -p pbrain-tabula
#   scripts/gomoku/yardstick.sh target/release/pbrain-tabula /tmp/pbrain-old /path/to/pbrain-rapfi
#
# Arguments: NEW OLD REFERENCE [MS a move, default 200] [GAMES, default 340] [OPENINGS,
# default crates/gomoku/openings/balanced-170.txt]. Every opening is played with both colours.
# Why both at once: three runs of one engine against Rapfi on this machine, over the same 251
# games at 200 ms, scored 20.7 %, 19.1 % and 16.7 % (two sessions apart), as far apart as the
# changes being measured; a change is best measured beside its baseline, under the same load.
# Why paired: against a stronger opponent the opening and colours decide many games, so the
# games where the two results differ tell the difference best.
set -euo pipefail
cd "$(dirname "$0")/../.."
usage="usage: yardstick.sh NEW OLD REFERENCE [MS] [GAMES] [OPENINGS]"
new=${1:?$usage}
old=${2:?$usage}
reference=${3:?$usage}
ms=${4:-200}
games=${5:-340}
openings=${6:-crates/gomoku/openings/balanced-170.txt}
out=$(mktemp -d /tmp/yardstick-XXXXXX)
echo "games are written to $out/new.jsonl and $out/old.jsonl"
cargo build --release -q -p tabula
# One match against the reference: SIDE (new or old) names its files, BRAIN plays as A.
play() {
    target/release/tabula arena gomoku "pbrain:$2,time=$ms" "pbrain:$reference,time=$ms" \
        --openings "$openings" --games "$games" --threads 1 --out "$out/$1.jsonl" > "$out/$1.log" 2>&1
}
play new "$new" &
play old "$old" &
status=0
wait -n || status=$?
wait -n || status=$?
tail -n 4 "$out/new.log" "$out/old.log"
[ "$status" -eq 0 ] || { echo "a match failed (see its log above)" >&2; exit "$status"; }
python3 scripts/gomoku/paired.py "$out/old.jsonl" "$out/new.jsonl"
