#!/usr/bin/env python3
"""Labels positions with a reference brain's static evaluation (no search), for the evaluation
tuner's `fit --scored --values`: how far the engine's static value is from the reference's.

    scripts/gomoku/static_eval.py REFERENCE SCORED.tsv... [--scale 200] > STATIC.tsv
    cargo run --release -p tabula-gomoku --example tune -- fit --scored --values STATIC.tsv

REFERENCE is Rapfi (as built for `score_positions.py`): `YXBOARD` sets a position without a
move and `TRACESEARCH` prints its static evaluation for black ("Static Eval[Black]: v"), some
microseconds a position: one brain labels about 20,000 positions a minute. Each
position of the input files (the first field of a `score_positions.py` line: a move list or a
board string; `#` lines skipped) gets v for the side to move as 1 / (1 + e^(-v / SCALE)):
one `POSITION<TAB>RESULT` line each, the position as a board string, after a comment line
naming the brain. Rapfi replays the listed stones in order and passes for a side that plays
twice, so the stones are listed alternately, the side to move's opponent last; the first
listed is black.

Needs Python 3.8 or later, standard library only. Not run by CI. Exits with status 2 on a
malformed line or a failing brain.
"""
import argparse
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from score_positions import SIZE, Brain, board_string, other, parse_board  # noqa: E402

STATIC = re.compile(r"Static Eval\[Black\]:\s*(-?\d+)")


def parse_position(text, where):
    """A position as a board string or a move list (black first) as (stones, side to move)."""
    if "/" in text:
        return parse_board(text, where)
    stones, to_move = [], "X"
    for move in text.split():
        x, y = ord(move[0]) - ord("a"), move[1:]
        if not (0 <= x < SIZE and y.isdigit() and 1 <= int(y) <= SIZE):
            raise ValueError(f"{where}: {move!r} is not a point of the board")
        stones.append((x, int(y) - 1, to_move))
        to_move = other(to_move)
    return stones, to_move


def alternating(stones, to_move):
    """`stones` in an order a brain can replay: the two sides in turn, the side to move's
    opponent last (it has as many stones as the side to move, or one more)."""
    mine = [s for s in stones if s[2] == to_move]
    theirs = [s for s in stones if s[2] != to_move]
    if len(theirs) not in (len(mine), len(mine) + 1):
        raise ValueError(f"{len(mine)} stones to move against {len(theirs)}")
    first, second = (theirs, mine) if len(theirs) > len(mine) else (mine, theirs)
    order = []
    for i in range(len(first)):
        order.append(first[i])
        order.extend(second[i:i + 1])
    return order


class StaticBrain(Brain):
    """A running Rapfi, asked for static evaluations (one brain for every position: no
    search is started, so none is left running)."""

    def __init__(self, path):
        super().__init__(path, ms=1000, scale=1.0)

    def value(self, stones, to_move):
        """The static evaluation of `stones` for `to_move`."""
        order = alternating(stones, to_move)
        self.send("YXBOARD")
        for x, y, colour in order:
            self.send(f"{x},{y},{1 if colour == to_move else 2}")
        self.send("DONE")
        self.send("TRACESEARCH")
        for line in self.lines():
            if line.startswith("ERROR"):
                raise RuntimeError(f"the brain answered {line!r}")
            found = STATIC.search(line)
            if found:
                black = int(found.group(1))
                break
        to_move_is_black = not order or order[0][2] == to_move
        return black if to_move_is_black else -black


def main():
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("reference")
    args.add_argument("files", nargs="+")
    args.add_argument("--scale", type=float, default=200.0)
    opts = args.parse_args()
    brain = None
    try:
        brain = StaticBrain(opts.reference)
        print(f"# {opts.reference}: static evaluation (TRACESEARCH), scale {opts.scale}, for "
              f"the side to move, of the positions of {' '.join(opts.files)}")
        for path in opts.files:
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    if line.startswith("#") or not line.strip():
                        continue
                    where = f"{path}, line {number}"
                    stones, to_move = parse_position(line.split("\t")[0], where)
                    try:
                        v = brain.value(stones, to_move)
                    except ValueError as e:
                        raise ValueError(f"{where}: {e}") from None
                    result = 1 / (1 + math.exp(-v / opts.scale))
                    print(f"{board_string(stones, to_move)}\t{result:.4f}", flush=True)
    except (OSError, RuntimeError, ValueError) as e:
        print(f"static_eval: {e}", file=sys.stderr)
        return 2
    finally:
        if brain is not None:
            brain.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
