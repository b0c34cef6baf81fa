#!/usr/bin/env python3
"""Shows how a Gomocup brain searches one position of a recorded game.

    scripts/gomoku/probe.py BRAIN RECORDS.jsonl GAME PLY [MS]

BRAIN is a `pbrain-*` program, RECORDS.jsonl an arena records file (`tabula arena gomoku ...
--out FILE`), GAME a game number in it and PLY how many of the game's moves after its opening
to play before the position (0: the opening itself; 15x15 games, as `score_positions.py`
replays them). The brain gets the position by `BOARD`
with `INFO timeout_turn MS` (default 1000) and every line it answers is printed until its
move, so the search's progress messages show how deep it got and when: `pbrain-tabula` prints
`MESSAGE depth D ev E n NODES tm MS pv ...` for each finished iteration, Rapfi its depth range,
nodes and time. `END` is sent only after the move, since a brain may stop at any input.

Why: the yardsticks (`yardstick.sh`) say whether a change wins games; this says what it did
to the search in the positions of those games (the depth reached, where the time went), the
same position for two brains or two builds.

Needs Python 3.8 or later, standard library only. Exits with status 2 on bad input or when
the brain ends without a move.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from score_positions import SIZE, positions  # noqa: E402  (the records' replay, shared)


def fail(message):
    """Says what is wrong on stderr and exits with status 2."""
    print(message, file=sys.stderr)
    sys.exit(2)


def position(path, number, ply):
    """The stones ((x, y, 'X' or 'O'), y from the top as the protocol counts) of game `number`
    after `ply` of its moves, and the colour to move."""
    try:
        with open(path, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    except (ValueError, UnicodeDecodeError) as e:
        fail(f"{path}: not an arena records file ({e})")
    game = next((r for r in records if isinstance(r, dict) and r.get("number") == number), None)
    if game is None:
        fail(f"{path}: no game number {number}")
    try:
        replayed = positions(game)
    except (KeyError, ValueError, IndexError, AttributeError) as e:
        fail(f"{path}: game {number} is not a {SIZE}x{SIZE} gomoku record ({e})")
    if not 0 <= ply < len(replayed):
        fail(f"game {number} has {len(replayed)} moves after its opening: PLY is 0 to {len(replayed) - 1}")
    stones, to_move = replayed[ply]
    return [(x, SIZE - 1 - y, c) for x, y, c in stones], to_move


def main():
    if len(sys.argv) not in (5, 6):
        fail("usage: " + __doc__.strip().splitlines()[2].strip())
    brain, path = sys.argv[1], sys.argv[2]
    try:
        number, ply = int(sys.argv[3]), int(sys.argv[4])
        ms = int(sys.argv[5]) if len(sys.argv) == 6 else 1000
    except ValueError:
        fail("GAME, PLY and MS are whole numbers")
    if ms <= 0:
        fail("MS is at least 1")
    stones, to_move = position(path, number, ply)
    commands = [f"START {SIZE}", f"INFO timeout_turn {ms}", "BOARD"]
    commands += [f"{x},{y},{1 if c == to_move else 2}" for x, y, c in stones]
    commands.append("DONE")
    try:
        child = subprocess.Popen(
            [brain], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
    except OSError as e:
        fail(f"{brain}: {e.strerror}")
    child.stdin.write("\n".join(commands) + "\n")
    child.stdin.flush()
    moved = False
    for line in child.stdout:
        line = line.rstrip()
        print(line, flush=True)
        if line[:1].isdigit():
            moved = True
            break
    try:
        child.stdin.write("END\n")
        child.stdin.close()
    except BrokenPipeError:
        pass
    child.wait()
    if not moved:
        fail(f"{brain} ended without a move")


if __name__ == "__main__":
    main()
