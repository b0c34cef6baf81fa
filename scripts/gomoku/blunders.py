#!/usr/bin/env python3
"""A benchmark of the moves that lose games: positions where a brain, in a position still
open, played a move after which a reference brain sees it lost; and how often another build
of that brain, given the same positions, avoids such a move.

    scripts/gomoku/blunders.py collect REFERENCE RECORDS.jsonl... [--ms 200] [--before 0.25]
                                       [--after 0.1] > BLUNDERS.tsv
    scripts/gomoku/blunders.py play BRAIN REFERENCE BLUNDERS.tsv [--ms 1000] [--ref-ms 300]

`collect` has REFERENCE (a Gomocup brain that reports its evaluation, as Rapfi does) value
every position of the games A lost in arena RECORDS (15x15 freestyle, `tabula arena gomoku ...
--out FILE`), as `score_positions.py` turns an evaluation into an expected result (scale 200,
a mate 0.98 or 0.02), and prints A's moves that took A's expected result from at least BEFORE
to at most AFTER, the first such move of each game: one
`POSITION<TAB>MOVE<TAB>BEFORE<TAB>AFTER<TAB>GAME:PLY` line each, after a comment line naming
the source; the position in the board notation of `score_positions.py`, A to move.

`play` gives BRAIN each of those positions at MS a move and has REFERENCE value the position
after its move at REF_MS; one line a position (its move, A's expected result after it), then a
summary: the mean expected result after BRAIN's moves and how many of them keep it above
AFTER (the blunder avoided). Two builds played on the same file, each on a core of its own,
compare where the yardsticks' games are lost with far less noise than the games: each
position is decided by one move. What a build gains here it may lose elsewhere; the games
(`yardstick.sh`) decide.

Needs Python 3.8 or later, standard library only. Not run by CI. Exits with status 2 on bad
input or a failing brain.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from score_positions import Brain, board_string, other, parse_board, positions  # noqa: E402

SCALE = 200.0


def expected(reference, ms, stones, to_move):
    """The reference's expected result of `stones` for `to_move` (a win at once: 0.98)."""
    brain = Brain(reference, ms, SCALE)
    try:
        return brain.expected_result(stones, to_move)
    finally:
        brain.close()


def notation(x, y):
    return f"{chr(ord('a') + x)}{y + 1}"


def collect(opts):
    print(f"# {opts.reference}, {opts.ms} ms a position, before >= {opts.before}, after <= "
          f"{opts.after}: the first such move of A in each game A lost, of "
          f"{' '.join(opts.records)}")
    for path in opts.records:
        with open(path, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
        for record in records:
            if record["result"] != "b":
                continue
            a = "X" if record["a_plays"] == "black" else "O"
            game = positions(record)
            for ply, (stones, to_move) in enumerate(game[:-1]):
                if to_move != a:
                    continue
                before = expected(opts.reference, opts.ms, stones, a)
                if before < opts.before:
                    continue
                after_stones, _ = game[ply + 1]
                after = 1 - expected(opts.reference, opts.ms, after_stones, other(a))
                if after <= opts.after:
                    print(f"{board_string(stones, a)}\t{record['moves'][ply]}\t{before:.3f}\t"
                          f"{after:.3f}\t{record['number']}:{ply}", flush=True)
                    break


def play(opts):
    with open(opts.blunders, encoding="utf-8") as f:
        lines = [line.rstrip("\n").split("\t") for line in f
                 if line.strip() and not line.startswith("#")]
    results = []
    for number, fields in enumerate(lines, 1):
        if len(fields) != 5:
            raise ValueError(f"{opts.blunders}: line {number} of positions has {len(fields)} "
                             "fields, not 5 (POSITION, MOVE, BEFORE, AFTER, GAME:PLY)")
        position, played, source = fields[0], fields[1], fields[4]
        stones, me = parse_board(position, f"{opts.blunders}, line {number}")
        brain = Brain(opts.brain, opts.ms, SCALE)
        try:
            _, (x, y) = brain.search(stones, me)
        finally:
            brain.close()
        after = 1 - expected(opts.reference, opts.ref_ms, stones + [(x, y, me)], other(me))
        move = notation(x, y)
        results.append(after)
        print(f"{source}\t{move}\t{'same' if move == played else 'other'}\t{after:.3f}",
              flush=True)
    avoided = sum(1 for r in results if r > opts.after)
    mean = sum(results) / len(results) if results else 0.0
    print(f"{len(results)} positions: the blunder avoided in {avoided}, mean expected result "
          f"after the move {mean:.3f}")


def main():
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = args.add_subparsers(dest="command", required=True)
    c = commands.add_parser("collect")
    c.add_argument("reference")
    c.add_argument("records", nargs="+")
    c.add_argument("--ms", type=int, default=200)
    c.add_argument("--before", type=float, default=0.25)
    c.add_argument("--after", type=float, default=0.1)
    p = commands.add_parser("play")
    p.add_argument("brain")
    p.add_argument("reference")
    p.add_argument("blunders")
    p.add_argument("--ms", type=int, default=1000)
    p.add_argument("--ref-ms", type=int, default=300)
    p.add_argument("--after", type=float, default=0.1)
    opts = args.parse_args()
    try:
        collect(opts) if opts.command == "collect" else play(opts)
    except (OSError, RuntimeError, ValueError, KeyError, IndexError, TypeError) as e:
        print(f"blunders: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
