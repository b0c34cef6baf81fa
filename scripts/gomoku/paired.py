#!/usr/bin/env python3
"""Paired comparison of two engines from two arena runs against the same opponent.

    scripts/gomoku/paired.py old.jsonl new.jsonl

Each file is an arena records file (`tabula arena ... --out FILE`) of one engine, as agent A,
against the same opponent over the same openings (`scripts/gomoku/yardstick.sh` makes such a
pair). Games are paired by their number, which fixes the opening and the colours; a pair
whose start position or colours differ is an error, so are files with no game in common.

Why paired: the opening and colours decide much of a game against a stronger opponent, so the
two runs win and lose many of the same games. The difference of the two scores is then known
far better from the games where the engines' results differ than from the two scores apart.
Printed: each engine's score (wins plus half the draws) over the common games, how many of
them each engine did better in than the other, and the mean difference per game with its 95 %
interval (normal approximation over the paired differences).

Needs Python 3.8 or later, standard library only. Exits with status 2 on bad input.
"""
import json
import math
import sys


def fail(message):
    """Says what is wrong on stderr and exits with status 2."""
    print(message, file=sys.stderr)
    sys.exit(2)


def load(path):
    """The games of a records file by number: (start, A's colour, A's score)."""
    games = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line_number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                    score = {"a": 1.0, "b": 0.0}.get(record["result"], 0.5)
                    games[record["number"]] = (record["start"], record["a_plays"], score)
                except (ValueError, KeyError, TypeError) as e:
                    fail(f"{path}: line {line_number}: not an arena game record ({e})")
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    except UnicodeDecodeError:
        fail(f"{path}: not UTF-8 text")
    return games


def main():
    if len(sys.argv) != 3:
        fail("usage: " + __doc__.strip().splitlines()[2].strip())
    old_path, new_path = sys.argv[1:]
    old, new = load(old_path), load(new_path)
    common = sorted(set(old) & set(new))
    if not common:
        fail(f"no game number in both {old_path} and {new_path}")
    for n in common:
        if old[n][:2] != new[n][:2]:
            fail(f"game {n}: the two runs played it from different starts or colours")
    diffs = [new[n][2] - old[n][2] for n in common]
    games = len(common)
    old_score = sum(old[n][2] for n in common)
    new_score = sum(new[n][2] for n in common)
    only_new = sum(1 for d in diffs if d > 0)
    only_old = sum(1 for d in diffs if d < 0)
    mean = sum(diffs) / games
    variance = sum((d - mean) ** 2 for d in diffs) / max(games - 1, 1)
    half_width = 1.96 * math.sqrt(variance / games)
    print(f"{games} game{'s' if games != 1 else ''} in common")
    print(f"old {old_path}: {old_score:g} ({100 * old_score / games:.1f} %)")
    print(f"new {new_path}: {new_score:g} ({100 * new_score / games:.1f} %)")
    print(f"better for new: {only_new} games, for old: {only_old}")
    print(f"new - old: {100 * mean:+.1f} points a game, 95 % {100 * (mean - half_width):+.1f} "
          f"to {100 * (mean + half_width):+.1f}")


if __name__ == "__main__":
    main()
