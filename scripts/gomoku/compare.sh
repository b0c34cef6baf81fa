#!/usr/bin/env bash
# Compares two Gomocup brains with a sequential test in the arena: typically a new build of
# pbrain-tabula against a copy of the previous one, to validate an engine change by games.
#
# Needs: the Rust toolchain (it builds `tabula` in release mode). Not run by CI.
#
#   cargo build --release -p pbrain-tabula && cp target/release/pbrain-tabula /tmp/pbrain-old
#   ... change the engine ...
#   cargo build --release -p pbrain-tabula
#   scripts/gomoku/compare.sh target/release/pbrain-tabula /tmp/pbrain-old 400 200
#
# Arguments: NEW OLD [MS a move, default 400] [GAMES at most, default 200] [OPENINGS, default
# crates/gomoku/openings/balanced-170.txt, 170 starts Rapfi judges close to even]. Every opening is played with
# both colours, in turn; the match stops once the SPRT of elo0 = 0 against elo1 = 20 (alpha =
# beta = 0.05) is decided. The report gives the score, the Elo difference, the LLR and each
# brain's mean and longest move; the games go to a records file (named first) that grows as
# they finish. Against Rapfi (github dhbloo/rapfi, built with CMake, classical evaluation) pass
# its pbrain-rapfi as OLD and crates/gomoku/openings/freestyle-15.txt (ten balanced openings).
set -euo pipefail
cd "$(dirname "$0")/../.."
new=${1:?usage: compare.sh NEW OLD [MS] [GAMES] [OPENINGS]}
old=${2:?usage: compare.sh NEW OLD [MS] [GAMES] [OPENINGS]}
ms=${3:-400}
games=${4:-200}
openings=${5:-crates/gomoku/openings/balanced-170.txt}
records=$(mktemp /tmp/compare-XXXXXX.jsonl)
echo "games are written to $records"
cargo build --release -q -p tabula
target/release/tabula arena gomoku "pbrain:$new,time=$ms" "pbrain:$old,time=$ms" \
    --openings "$openings" --games "$games" --sprt 0,20 --threads 1 --out "$records"
