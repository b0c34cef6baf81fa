#!/usr/bin/env python3
"""Finds where a brain's lost games turned: the move after which a reference brain sees a
forced win against it.

    scripts/gomoku/turning_points.py REFERENCE RECORDS.jsonl [--ms 200] [--level 300]
                                     [--games N,N,...]

RECORDS.jsonl is an arena records file (`tabula arena gomoku A B ... --out FILE`, 15x15
freestyle); the games that A lost are examined (or the games listed by --games). REFERENCE is a
Gomocup brain that reports its evaluation in MESSAGE lines, as Rapfi does ("Eval -78", a mate
"Eval -M21"); it evaluates every position of each game at MS milliseconds. For each game one
line: the plies (counted after the opening) where A was to move, with the reference's value for
A, and the turning point: the first move of A made in a position valued at least -LEVEL for A
after which the reference saw a mate against A. Such a move is a blunder into a forced loss
from a position still about level; a game without one was lost by a slow slide (or lost from
the opening). The summary counts both kinds.

Why: a yardstick (`yardstick.sh`) says how many games a change wins; this says how the others
were lost, and so what to work on: a search that misses the opponent's forced wins, or a
position that drifts away.

Needs Python 3.8 or later, standard library only. A reference at 200 ms a position misses
some wins and sees others late: its view is a guide, not a proof. Exits with status 2 on bad
input or a failing brain.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from score_positions import Brain, positions  # noqa: E402  (the replay and the brain, shared)


def values_for_a(reference, ms, record):
    """The reference's value of every position of `record` for A: (mate, value) or None, each
    from a brain of its own (see `Brain`)."""
    a_colour = "X" if record["a_plays"] == "black" else "O"
    out = []
    for stones, to_move in positions(record):
        brain = Brain(reference, ms, 200.0)
        found = brain.evaluation(stones, to_move)
        brain.close()
        if found is not None and to_move != a_colour:
            found = (found[0], -found[1])
        out.append((to_move == a_colour, found))
    return out


def turning_point(values, level):
    """The first ply where A, to move in a position valued at least -level, made a move after
    which the reference saw a mate against A; None if there is none."""
    for ply in range(len(values) - 1):
        a_to_move, here = values[ply]
        after = values[ply + 1][1]
        if not a_to_move or here is None or after is None:
            continue
        level_here = not here[0] and here[1] >= -level
        lost_after = after[0] and after[1] < 0
        if level_here and lost_after:
            return ply
    return None


def show(value):
    if value is None:
        return "?"
    mate, v = value
    return f"{'-' if v < 0 else '+'}M{abs(v)}" if mate else str(v)


def main():
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("reference")
    args.add_argument("records")
    args.add_argument("--ms", type=int, default=200)
    args.add_argument("--level", type=int, default=300)
    args.add_argument("--games", help="game numbers, comma-separated (default: A's losses)")
    opts = args.parse_args()
    try:
        with open(opts.records, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
        if opts.games:
            wanted = {int(n) for n in opts.games.split(",")}
            games = [r for r in records if r["number"] in wanted]
        else:
            games = [r for r in records if r["result"] == "b"]
        turned = []
        for record in games:
            values = values_for_a(opts.reference, opts.ms, record)
            ply = turning_point(values, opts.level)
            trace = " ".join(f"{i}:{show(v)}" for i, (mine, v) in enumerate(values) if mine)
            where = "slid" if ply is None else f"turned at ply {ply} ({record['moves'][ply]})"
            print(f"game {record['number']} ({record['a_plays']}, {len(record['moves'])} plies): "
                  f"{where}; A to move: {trace}", flush=True)
            if ply is not None:
                turned.append(ply)
    except (OSError, RuntimeError, ValueError, KeyError, IndexError, TypeError) as e:
        print(f"turning_points: {e}", file=sys.stderr)
        return 2
    print(f"{len(turned)} of {len(games)} games turned by one move into a forced loss from a "
          f"position valued at least -{opts.level} for A; the other {len(games) - len(turned)} "
          f"slid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
