#!/usr/bin/env python3
"""Summary of 2048 games played by `tabula play 2048 --json`, and the comparison of two players.

    scripts/game2048/compare.py a1.jsonl [a2.jsonl ...] [-- b1.jsonl [b2.jsonl ...]]

The files before `--` are one player's games (several files: the processes of one run, such as
seeds 1-15 and 16-30); those after it, the other player's. Lines other than games (the summary
`tabula play` ends with) are skipped. Printed for each player: the games and their seeds, how
often each of 8192, 16384 and 32768 was reached, the median and mean score, the milliseconds a
move (over all moves, and the largest mean of one game: issue #30 asks for at most 10) and the
seeds of the games that reached 32768.

For two players: Fisher's exact test (two-sided) on their 32768 rates; and where both played
the same seeds, the seeds only one of them took to 32768, with the two-sided sign test on those
(a seed fixes the new tiles only until the players' boards differ, so the pairing is weak).

Needs Python 3.8 or later, standard library only. Exits with status 2 on bad input.
"""
import json
import math
import statistics
import sys

TILES = (8192, 16384, 32768)
GOAL = 32768


def fail(message):
    """Says what is wrong on stderr and exits with status 2."""
    print(message, file=sys.stderr)
    sys.exit(2)


def read_games(paths):
    """The games in `paths`, by seed; a seed played twice is an error."""
    games = {}
    for path in paths:
        try:
            with open(path, encoding="utf-8") as lines:
                for number, line in enumerate(lines, 1):
                    if not line.startswith('{"game"'):
                        continue
                    try:
                        game = json.loads(line)
                        seed = int(game["seed"])
                        record = {key: game[key] for key in ("score", "max_tile", "moves", "ms_per_move")}
                    except (ValueError, KeyError, TypeError) as error:
                        fail(f"{path}:{number}: not a game of `tabula play 2048 --json` ({error})")
                    if seed in games:
                        fail(f"{path}:{number}: seed {seed} was already played")
                    games[seed] = record
        except OSError as error:
            fail(f"cannot read {path}: {error.strerror}")
    if not games:
        fail(f"no games in {', '.join(paths)}")
    return games


def seed_ranges(seeds):
    """Sorted seeds as runs: 1-30, 41, 50-59."""
    runs, start = [], None
    for seed in sorted(seeds):
        if start is None:
            start = end = seed
        elif seed == end + 1:
            end = seed
        else:
            runs.append((start, end))
            start = end = seed
    runs.append((start, end))
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs)


def summary(name, games):
    """Prints one player's figures."""
    n = len(games)
    scores = [g["score"] for g in games.values()]
    moves = sum(g["moves"] for g in games.values())
    ms = sum(g["ms_per_move"] * g["moves"] for g in games.values()) / max(moves, 1)
    print(f"{name}: {n} games, seeds {seed_ranges(games)}")
    for tile in TILES:
        reached = sum(g["max_tile"] >= tile for g in games.values())
        print(f"  {tile}: {reached} ({100 * reached / n:.1f} %)")
    print(f"  median score {statistics.median(scores):,.0f}, mean {statistics.mean(scores):,.0f}")
    print(f"  ms a move {ms:.3f} (largest game mean {max(g['ms_per_move'] for g in games.values()):.3f})")
    print(f"  seeds to {GOAL}: {listed(s for s, g in games.items() if g['max_tile'] >= GOAL)}")


def listed(seeds):
    """Seeds in order, comma-separated, or `none`."""
    return ", ".join(map(str, sorted(seeds))) or "none"


def fisher_two_sided(a, b, c, d):
    """Fisher's exact test on the table [[a, b], [c, d]], two-sided (tables no likelier)."""
    row, col, n = a + b, a + c, a + b + c + d

    def probability(x):
        return math.comb(col, x) * math.comb(n - col, row - x) / math.comb(n, row)

    observed = probability(a)
    low, high = max(0, row + col - n), min(row, col)
    return min(1.0, sum(p for x in range(low, high + 1) if (p := probability(x)) <= observed * (1 + 1e-9)))


def sign_test(wins, losses):
    """Two-sided sign test: the chance of a split at least this uneven if both were equal."""
    n, k = wins + losses, min(wins, losses)
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


def compare(first, second):
    """Prints the tests between two players' 32768 rates."""
    reached = [sum(g["max_tile"] >= GOAL for g in games.values()) for games in (first, second)]
    p = fisher_two_sided(reached[0], len(first) - reached[0], reached[1], len(second) - reached[1])
    print(f"{GOAL}: {reached[0]} of {len(first)} against {reached[1]} of {len(second)}, Fisher's exact p = {p:.3f}")
    common = first.keys() & second.keys()
    if common:
        only_first = sorted(s for s in common if first[s]["max_tile"] >= GOAL > second[s]["max_tile"])
        only_second = sorted(s for s in common if second[s]["max_tile"] >= GOAL > first[s]["max_tile"])
        print(
            f"  over the {len(common)} seeds both played: only the first at {listed(only_first)},"
            f" only the second at {listed(only_second)}; sign test p = {sign_test(len(only_first), len(only_second)):.3f}"
        )


def main(arguments):
    """Reads the files named in `arguments` and prints the summaries and the comparison."""
    if not arguments or arguments[0] in ("-h", "--help"):
        fail(__doc__.strip())
    if "--" in arguments:
        cut = arguments.index("--")
        groups = [arguments[:cut], arguments[cut + 1 :]]
        if not all(groups):
            fail("each side of -- needs at least one file")
    else:
        groups = [arguments]
    players = [read_games(paths) for paths in groups]
    for name, games in zip(("first", "second"), players):
        summary(name, games)
    if len(players) == 2:
        compare(*players)


if __name__ == "__main__":
    main(sys.argv[1:])
