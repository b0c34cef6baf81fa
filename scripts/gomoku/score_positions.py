#!/usr/bin/env python3
"""Scores positions from arena game records with a pbrain brain, for the evaluation tuner's
`fit --scored`: each position gets the brain's evaluation turned into an expected result.

Needs: Python 3.8+ (standard library only) and a Gomocup (pbrain) brain that reports its
evaluation in MESSAGE lines, as Rapfi ("Eval -78", a mate "Eval +M21") does. Not run by CI.

Usage:
    scripts/gomoku/score_positions.py BRAIN RECORDS.jsonl... [--ms 150] [--per-game 8]
                                      [--seed 21] [--scale 200] > SCORED.tsv
    cargo run --release -p tabula-gomoku --example tune -- fit --scored SCORED.tsv

From every game of the records (`tabula arena gomoku ... --out RECORDS.jsonl`, 15x15
freestyle) it draws PER-GAME positions at random (SEED), skips those seen before, and has
BRAIN (a fresh process for each position, `BOARD` with `timeout_turn` MS) evaluate each.
An evaluation v for the side to move becomes 1 / (1 + exp(-v / SCALE)); a mate for or against
it 0.98 or 0.02; a position the brain answers without an evaluation (it makes a five at
once) 0.98. Output: one `POSITION<TAB>RESULT` line each (the board string of the gomoku
notation), after a comment line naming the brain and settings. A brain that fails, or a
record that is not a 15x15 game record, stops the script with a message and exit code 2.

SCALE 200 suits Rapfi 0.43's classical evaluation: over 846 positions from finished games
it predicted their results best (mean log loss 0.580, against 0.583 at 150 and 0.585 at 250).
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys

EVAL = re.compile(r"\b(?:Eval|ev)\s+([-+]?)(M?)(\d+)")
MOVE = re.compile(r"\d+,\d+")
SIZE = 15
# The expected result of a position the brain sees a mate in, for or against its side to move.
MATE_RESULT = 0.98


class Brain:
    """A running pbrain brain, asked for one position's evaluation. One brain a position: Rapfi
    0.43 sometimes leaves a RESTART unanswered after a search, and a fresh brain carries
    nothing from one position to the next."""

    def __init__(self, path, ms, scale):
        self.scale = scale
        self.process = subprocess.Popen([os.path.abspath(path)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1,
                                        cwd=os.path.dirname(os.path.abspath(path)))
        self.send(f"START {SIZE}")
        self.expect_ok()
        for info in [f"timeout_turn {ms}", "timeout_match 1000000000", "time_left 1000000000",
                     "rule 0"]:
            self.send(f"INFO {info}")

    def close(self):
        """Ends the brain."""
        try:
            self.send("END")
            self.process.stdin.close()
        except BrokenPipeError:
            pass
        self.process.wait()

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def lines(self):
        for line in self.process.stdout:
            yield line.strip()
        raise RuntimeError("the brain closed its output")

    def expect_ok(self):
        for line in self.lines():
            if line == "OK":
                return
            if line.startswith("ERROR"):
                raise RuntimeError(f"the brain answered {line!r}")

    def expected_result(self, stones, to_move):
        """The brain's view of `stones` ((x, y, colour) with y from the bottom) for `to_move`."""
        found = self.evaluation(stones, to_move)
        if found is None:
            return MATE_RESULT
        mate, value = found
        if mate:
            return 1 - MATE_RESULT if value < 0 else MATE_RESULT
        return 1 / (1 + math.exp(-value / self.scale))

    def evaluation(self, stones, to_move):
        """The brain's evaluation of `stones` for `to_move`: (is it a mate, value), the value of
        a mate being its distance in plies with the sign of its side; None if the brain moved
        without one (it makes a five at once)."""
        return self.search(stones, to_move)[0]

    def search(self, stones, to_move):
        """The brain's answer to `stones` with `to_move` to play: (its evaluation as
        `evaluation` gives it, its move as (x, y))."""
        self.send("BOARD")
        for x, y, colour in stones:
            self.send(f"{x},{y},{1 if colour == to_move else 2}")
        self.send("DONE")
        found = None
        for line in self.lines():
            match = EVAL.search(line)
            if match:
                found = match.groups()
            if MOVE.fullmatch(line):
                move = tuple(int(n) for n in line.split(","))
                break
            if line.startswith("ERROR"):
                raise RuntimeError(f"the brain answered {line!r}")
        if found is None:
            return None, move
        sign, mate, value = found
        return (bool(mate), -int(value) if sign == "-" else int(value)), move


def board_string(stones, to_move):
    grid = [["."] * SIZE for _ in range(SIZE)]
    for x, y, colour in stones:
        grid[SIZE - 1 - y][x] = colour
    return "/".join("".join(row) for row in grid) + " " + to_move


def other(colour):
    """The other side's colour."""
    return "O" if colour == "X" else "X"


def parse_board(text, where):
    """A position in the notation of `board_string` as (stones, side to move); `where` names
    it in the error a malformed one raises."""
    fields = text.split()
    rows = fields[0].split("/") if fields else []
    if (len(fields) < 2 or fields[1] not in ("X", "O") or len(rows) != SIZE
            or any(len(row) != SIZE for row in rows)):
        raise ValueError(f"{where}: not a {SIZE}x{SIZE} position")
    stones = [(x, SIZE - 1 - i, c) for i, row in enumerate(rows) for x, c in enumerate(row)
              if c in "XO"]
    return stones, fields[1]


def positions(record):
    """Every position of a game record as (stones, side to move)."""
    stones, to_move = parse_board(record["start"], f"game {record.get('number')}")
    out = []
    for move in record["moves"]:
        out.append((list(stones), to_move))
        stones.append((ord(move[0]) - ord("a"), int(move[1:]) - 1, to_move))
        to_move = other(to_move)
    return out


def main():
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("brain")
    args.add_argument("records", nargs="+")
    args.add_argument("--ms", type=int, default=150)
    args.add_argument("--per-game", type=int, default=8)
    args.add_argument("--seed", type=int, default=21)
    args.add_argument("--scale", type=float, default=200.0)
    opts = args.parse_args()
    rng = random.Random(opts.seed)
    seen = set()
    try:
        print(f"# {opts.brain}, {opts.ms} ms a position, {opts.per_game} a game, seed "
              f"{opts.seed}, scale {opts.scale}: the expected result for the side to move")
        for path in opts.records:
            with open(path) as f:
                for line in f:
                    if not line.strip():
                        continue
                    game = positions(json.loads(line))
                    for stones, to_move in rng.sample(game, min(opts.per_game, len(game))):
                        key = board_string(stones, to_move)
                        if key not in seen:
                            seen.add(key)
                            brain = Brain(opts.brain, opts.ms, opts.scale)
                            result = brain.expected_result(stones, to_move)
                            brain.close()
                            print(f"{key}\t{result:.4f}", flush=True)
    except (OSError, RuntimeError, ValueError, KeyError, IndexError) as e:
        print(f"score_positions: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
