#!/usr/bin/env python3
"""Keeps the openings that a pbrain brain judges close to even: for self-play matches whose game
pairs are not decided by the opening itself.

Needs: Python 3.8+ (standard library only) and a Gomocup (pbrain) brain that reports its
evaluation in MESSAGE lines, as Rapfi ("Eval -78") or pbrain-tabula ("ev -78") do. Not run by CI.

Usage:
    scripts/gomoku/balanced_openings.py BRAIN CANDIDATES.txt [--ms 300] [--margin 60] [--keep N]
                                        [--jobs J]

CANDIDATES.txt is an openings file (moves such as `h8 i7 j6`, one opening a line, `#` comments),
e.g. from `cargo run --release -p tabula-gomoku --example tune -- openings 600 26 3`. Each is
set up on a 15x15 freestyle board (`BOARD`) and searched for MS ms by BRAIN, started in its own
directory (J at once); the last evaluation it reports is taken, from the side to move (a mate
score counts as 100000). The openings within
MARGIN of zero are printed (at most N, closest first), each after a comment with its
evaluation; at the end a comment gives how many of how many were kept. A brain that fails or
reports no evaluation stops the script with a message and exit code 2.
"""
import argparse
from concurrent.futures import ThreadPoolExecutor
import os
import subprocess
import sys

# The evaluation in a brain's MESSAGE lines, read as the position scorer reads it.
from score_positions import EVAL
# A mate score (Rapfi's `M20`) counts as this much.
MATE = 100000


def point(move):
    """`h8` as pbrain coordinates (column, row from the bottom): any reflection keeps the value."""
    return ord(move[0]) - ord("a"), int(move[1:]) - 1


def evaluate(brain, moves, ms):
    """The brain's last evaluation of the position after `moves`, from the side to move."""
    lines = ["START 15", f"INFO timeout_turn {ms}", "INFO rule 0", "BOARD"]
    to_move = len(moves) % 2
    for k, move in enumerate(moves):
        x, y = point(move)
        lines.append(f"{x},{y},{1 if k % 2 == to_move else 2}")
    lines += ["DONE", "END"]
    run = subprocess.run([brain], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         cwd=os.path.dirname(os.path.abspath(brain)), timeout=ms / 1000 + 30)
    found = EVAL.findall(run.stdout)
    if not found:
        raise RuntimeError(f"{brain} reported no evaluation for {' '.join(moves)}:\n{run.stdout}")
    sign, mate, value = found[-1]
    return (-1 if sign == "-" else 1) * (MATE if mate else int(value))


def main():
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("brain")
    args.add_argument("candidates")
    args.add_argument("--ms", type=int, default=300)
    args.add_argument("--margin", type=int, default=60)
    args.add_argument("--keep", type=int, default=None)
    args.add_argument("--jobs", type=int, default=1)
    opts = args.parse_args()
    try:
        with open(opts.candidates) as f:
            openings = [l.split() for l in f if l.strip() and not l.startswith("#")]
        with ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
            values = list(pool.map(lambda m: evaluate(opts.brain, m, opts.ms), openings))
        valued = list(zip(values, openings))
    except (OSError, RuntimeError, subprocess.SubprocessError, ValueError, IndexError) as e:
        print(f"balanced_openings: {e}", file=sys.stderr)
        return 2
    kept = sorted((v for v in valued if abs(v[0]) <= opts.margin), key=lambda v: abs(v[0]))
    kept = kept[: opts.keep] if opts.keep else kept
    for value, moves in kept:
        print(f"# {value}")
        print(" ".join(moves))
    print(f"# kept {len(kept)} of {len(valued)} (within {opts.margin}, {opts.ms} ms each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
