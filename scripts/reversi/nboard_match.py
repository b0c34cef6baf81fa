#!/usr/bin/env python3
"""Reversi games between two NBoard engines (protocol version 2), from a file of openings,
each opening played twice with the colours swapped, at a fixed time per move.

Needs: Python 3.8 or later (standard library only) on a Unix system, and two engine commands
that speak NBoard on stdin/stdout (`nboard-tabula`; Edax with `-nboard`; any other).

    cargo build --release -p tabula-nboard
    python3 scripts/reversi/nboard_match.py \\
        --a target/release/nboard-tabula --a-clock-ms 1000 \\
        --b '/path/to/other-engine --its-own-time-option 1000' \\
        --openings openings.txt --count 10 --seed 30 --out games.jsonl

The openings file has one opening a line as a move list (`f5d6c3d3c4f4c5b3`, XOT's format);
`--count N` draws N of them at random with `--seed`, or all of them in order when omitted.

Time per move. NBoard gives an engine its time as a game clock inside `set game` (`TI[...]`).
`--a-clock-ms MS` (or `--b-clock-ms`) sends, with every `go`, a clock chosen so that an engine
that spends an even share of its time left over its remaining moves, with a tenth kept back and
50 ms for answering, gets MS per move: that is nboard-tabula's rule
(`tabula_nboard::session::move_budget`). An engine without the option gets no clock and keeps
the time its own command line sets. Each engine is sent `set depth N` first (`--a-depth`,
`--b-depth`, 1 to 60, default 60: as deep as the time allows).

Output: one JSON line a game on `--out` and on stdout (opening, A's colour, the final disc
difference for A with the empty squares to the winner, each engine's mean and longest time per
move as the runner measured it from `go` to the answer, the moves), then the totals. A move
that is illegal or later than 30 times the move time plus 10 s ends the match with an error
naming the engine and the game so far; bad arguments exit with status 2.
"""
import argparse
import json
import os
import random
import select
import subprocess
import sys
import time

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
BLACK, WHITE, EMPTY = "*", "O", "-"


def initial_board():
    """The standard start: d4 and e5 white, e4 and d5 black; squares a1, b1, ..., h8."""
    board = [EMPTY] * 64
    board[27], board[28], board[35], board[36] = WHITE, BLACK, BLACK, WHITE
    return board


def other(colour):
    return WHITE if colour == BLACK else BLACK


def flips(board, square, colour):
    """The discs that `colour` playing on `square` turns over (empty when it is not legal)."""
    if board[square] != EMPTY:
        return []
    row0, col0 = divmod(square, 8)
    turned = []
    for dr, dc in DIRECTIONS:
        row, col, line = row0 + dr, col0 + dc, []
        while 0 <= row < 8 and 0 <= col < 8 and board[row * 8 + col] == other(colour):
            line.append(row * 8 + col)
            row, col = row + dr, col + dc
        if line and 0 <= row < 8 and 0 <= col < 8 and board[row * 8 + col] == colour:
            turned += line
    return turned


def legal_moves(board, colour):
    return [s for s in range(64) if flips(board, s, colour)]


def square_name(square):
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


def parse_square(text):
    """`f5` or `F5` as a square index, or None."""
    if len(text) != 2 or text[0].lower() not in "abcdefgh" or text[1] not in "12345678":
        return None
    return (int(text[1]) - 1) * 8 + "abcdefgh".index(text[0].lower())


def parse_opening(line):
    """The squares of a move list such as `f5d6c3`, checked legal from the start (passes are
    not written); raises ValueError with the reason."""
    text = line.strip()
    if len(text) % 2:
        raise ValueError(f"opening {text!r}: a move list has two characters a move")
    board, colour, squares = initial_board(), BLACK, []
    for i in range(0, len(text), 2):
        square = parse_square(text[i:i + 2])
        if square is None:
            raise ValueError(f"opening {text!r}: {text[i:i + 2]!r} is not a square")
        if not legal_moves(board, colour):
            colour = other(colour)
        turned = flips(board, square, colour)
        if not turned:
            raise ValueError(f"opening {text!r}: {text[i:i + 2]} is not legal there")
        for s in turned + [square]:
            board[s] = colour
        squares.append(square)
        colour = other(colour)
    return squares


def ggf(moves, clock_s=None):
    """The game as NBoard's `set game` takes it: start position, optional clock, moves."""
    start = initial_board()
    rows = " ".join("".join(start[r * 8:r * 8 + 8]) for r in range(8))
    clock = f"TI[{clock_s:.3f}]" if clock_s is not None else ""
    body = "".join(f"{'B' if colour == BLACK else 'W'}[{move}]" for colour, move in moves)
    return f"(;GM[Othello]PC[nboard_match]{clock}BO[8 {rows} *]{body};)"


def clock_for(move_s, empties):
    """The clock that gives `move_s` per move to an engine sharing (left * 0.9 - 0.05) evenly
    over its ceil(empties / 2) remaining moves."""
    return (move_s * max(1, (empties + 1) // 2) + 0.05) / 0.9


class Engine:
    """One engine process spoken to in NBoard."""

    def __init__(self, command, label, clock_ms, depth):
        self.label, self.clock_ms, self.buffer = f"{label} ({command})", clock_ms, b""
        self.process = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.times = []
        self.send("nboard 2")
        self.send(f"set depth {depth}")
        self.send("ping 1")
        while self.read_line(60).strip() != "pong 1":
            pass

    def send(self, line):
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def read_line(self, timeout_s):
        # Lines are split here, not by a buffered reader: select() would not see lines that
        # such a reader has already taken from the pipe.
        while b"\n" not in self.buffer:
            ready = timeout_s > 0 and select.select([self.process.stdout], [], [], timeout_s)[0]
            if not ready:
                raise RuntimeError(f"{self.label} did not answer in time")
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError(f"{self.label} ended")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace")

    def go(self, moves, empties, limit_s):
        """The engine's move (`F5` or `PA`) in the game `moves`, timed from `go` to the answer."""
        clock = None if self.clock_ms is None else clock_for(self.clock_ms / 1000, empties)
        self.send("set game " + ggf(moves, clock))
        started = time.perf_counter()
        self.send("go")
        while True:
            line = self.read_line(limit_s - (time.perf_counter() - started))
            if line.startswith("=== "):
                self.times.append(time.perf_counter() - started)
                # NBoard writes `=== F5/eval/time`; some engines put spaces instead.
                return line[4:].replace("/", " ").split()[0]

    def close(self):
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def play(opening, black, white, limit_s):
    """One game from `opening`; returns (black's disc difference, the moves)."""
    board, colour, moves = initial_board(), BLACK, []
    for square in opening:
        if not legal_moves(board, colour):
            moves.append((colour, "PA"))
            colour = other(colour)
        for s in flips(board, square, colour) + [square]:
            board[s] = colour
        moves.append((colour, square_name(square).upper()))
        colour = other(colour)
    passes = 0
    while passes < 2:
        legal = legal_moves(board, colour)
        if not legal:
            passes += 1
            moves.append((colour, "PA"))
            colour = other(colour)
            continue
        passes = 0
        engine = black if colour == BLACK else white
        answer = engine.go(moves, board.count(EMPTY), limit_s)
        square = parse_square(answer)
        if square not in legal:
            game = "".join(m for _, m in moves)
            raise RuntimeError(f"{engine.label} played {answer!r}, not legal after {game}")
        for s in flips(board, square, colour) + [square]:
            board[s] = colour
        moves.append((colour, square_name(square).upper()))
        colour = other(colour)
    while moves and moves[-1][1] == "PA":
        moves.pop()
    black_discs, white_discs = board.count(BLACK), board.count(WHITE)
    empties = board.count(EMPTY)
    if black_discs > white_discs:
        black_discs += empties
    elif white_discs > black_discs:
        white_discs += empties
    return black_discs - white_discs, moves


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True, help="engine A's command")
    parser.add_argument("--b", required=True, help="engine B's command")
    parser.add_argument("--a-clock-ms", type=float, help="send A a clock worth MS per move")
    parser.add_argument("--b-clock-ms", type=float, help="send B a clock worth MS per move")
    parser.add_argument("--a-depth", type=int, default=60, help="A's `set depth` (default 60)")
    parser.add_argument("--b-depth", type=int, default=60, help="B's `set depth` (default 60)")
    parser.add_argument("--openings", required=True, help="one move list a line")
    parser.add_argument("--count", type=int, help="how many openings to draw (default: all)")
    parser.add_argument("--seed", type=int, default=1, help="for the draw (default 1)")
    parser.add_argument("--out", required=True, help="the JSON lines file to write")
    args = parser.parse_args()
    for name in ("a_clock_ms", "b_clock_ms"):
        value = getattr(args, name)
        if value is not None and not 1 <= value <= 3_600_000:
            parser.error(f"--{name.replace('_', '-')} is 1 to 3600000 ms")
    for name in ("a_depth", "b_depth"):
        if not 1 <= getattr(args, name) <= 60:
            parser.error(f"--{name.replace('_', '-')} is 1 to 60")
    try:
        with open(args.openings) as f:
            lines = [line.strip() for line in f if line.strip() and not line.startswith("#")]
        openings = [(line, parse_opening(line)) for line in lines]
    except (OSError, ValueError) as e:
        parser.error(str(e))
    if args.count is not None:
        if not 1 <= args.count <= len(openings):
            parser.error(f"--count is 1 to {len(openings)} (the openings in the file)")
        openings = random.Random(args.seed).sample(openings, args.count)
    if not openings:
        parser.error("the openings file has no opening")
    return args, openings


def main():
    args, openings = arguments()
    clocks = [ms for ms in (args.a_clock_ms, args.b_clock_ms) if ms is not None]
    limit_s = 30 * max(clocks, default=1000) / 1000 + 10
    a = Engine(args.a, "A", args.a_clock_ms, args.a_depth)
    b = Engine(args.b, "B", args.b_clock_ms, args.b_depth)
    total, out = 0, open(args.out, "w")
    try:
        for number, (text, opening) in enumerate(openings):
            for a_black in (True, False):
                a.times.clear()
                b.times.clear()
                black, white = (a, b) if a_black else (b, a)
                margin, moves = play(opening, black, white, limit_s)
                a_margin = margin if a_black else -margin
                total += a_margin
                record = {
                    "game": 2 * number + (1 if a_black else 2),
                    "opening": text,
                    "a_colour": "black" if a_black else "white",
                    "a_discs": a_margin,
                    "a_mean_s": round(sum(a.times) / max(1, len(a.times)), 3),
                    "a_max_s": round(max(a.times, default=0), 3),
                    "b_mean_s": round(sum(b.times) / max(1, len(b.times)), 3),
                    "b_max_s": round(max(b.times, default=0), 3),
                    "moves": "".join(m for _, m in moves),
                }
                out.write(json.dumps(record) + "\n")
                out.flush()
                print(json.dumps(record), flush=True)
    finally:
        a.close()
        b.close()
    results = [json.loads(line) for line in open(args.out)]
    wins = sum(r["a_discs"] > 0 for r in results)
    draws = sum(r["a_discs"] == 0 for r in results)
    print(f"A: {wins} wins, {draws} draws, {len(results) - wins - draws} losses "
          f"in {len(results)} games, {total:+d} discs")


if __name__ == "__main__":
    try:
        main()
    except RuntimeError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(1)
