#!/usr/bin/env python3
"""Freestyle gomoku match (15x15, five or more wins, no forbidden points) between two Gomocup
(pbrain) brains at a fixed time per move, every opening played with both colours.

Needs: Python 3.8+ (standard library only) and two pbrain programs, for example
`cargo build --release -p pbrain-tabula` (target/release/pbrain-tabula; copy it aside before a
change to keep the old version) and Rapfi built from dhbloo/rapfi (CMake; classical evaluation,
no network weights). A brain whose file name contains "rapfi" is started in its own directory,
where it finds its config. Not run by CI.

Usage:
    scripts/gomoku/freestyle.py A B [--ms 1000] [--openings fixed|fixed8|random:N[:SEED]]
                                [--jobs J] [--log FILE] [--names a,b]

A and B are the paths of the two programs. `fixed` is four three-stone openings, `fixed8` those
and four more near the centre, `random:N[:SEED]` N random three-stone openings near the centre
(the same N and SEED give the same openings). Each opening is played twice, colours swapped;
`--jobs` games run at once. The runner tells each brain `INFO timeout_turn MS` and checks every
reply (a bad or occupied point loses). It prints a Markdown table (opening, black, white,
result, plies, each side's longest wait for a move in ms), A's score with its standard error,
the Elo difference and the log-likelihood ratio of a sequential test (GSPRT, normal
approximation) of elo0 = 0 against elo1 = 20: with alpha = beta = 0.05 stop at -2.94 (no
better) or +2.94 (better). With --log, each move's reply time and the brain's last MESSAGE lines
(depth, eval, best line) go to FILE.

Examples:
    # version against version, fast: 60 games at 400 ms a move
    scripts/gomoku/freestyle.py new/pbrain-tabula old/pbrain-tabula --ms 400 \\
        --openings random:30:4 --jobs 2 --names new,old
    # the figure against Rapfi: 16 games at 1 s a move
    scripts/gomoku/freestyle.py target/release/pbrain-tabula /path/to/rapfi/build/pbrain-rapfi \\
        --ms 1000 --openings fixed8 --names tabula,rapfi --log rapfi.log
"""
import argparse, math, os, random, subprocess, sys, threading, time
from concurrent.futures import ThreadPoolExecutor

SIZE = 15

# Three-stone openings (black, white, black) in zero-based x,y from the top-left.
FIXED = {
    "h8 h9 j7": [(7, 7), (7, 6), (9, 8)],
    "h8 i9 j10": [(7, 7), (8, 6), (9, 5)],
    "h8 h9 f9": [(7, 7), (7, 6), (5, 6)],
    "h8 i9 g10": [(7, 7), (8, 6), (6, 5)],
}
# Four more near the centre, for the eight-opening figure.
MORE = {
    "h8 i8 j10": [(7, 7), (8, 7), (9, 5)],
    "h8 i9 f8": [(7, 7), (8, 6), (5, 7)],
    "h8 h9 g11": [(7, 7), (7, 6), (6, 4)],
    "h8 i8 g6": [(7, 7), (8, 7), (6, 9)],
}


def name_of(mv):
    x, y = mv
    return "abcdefghjklmnop"[x] + str(SIZE - y)


def random_openings(n, seed):
    rng = random.Random(seed)
    out = {}
    while len(out) < n:
        stones = [(7, 7)]
        while len(stones) < 3:
            r = 1 if len(stones) == 1 else 2
            mv = (7 + rng.randint(-r, r), 7 + rng.randint(-r, r))
            if mv not in stones:
                stones.append(mv)
        out[" ".join(name_of(m) for m in stones)] = stones
    return out


class Brain:
    def __init__(self, path):
        cwd = os.path.dirname(path) if "rapfi" in os.path.basename(path) else None
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=cwd)
        self.messages = []

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def answer(self):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("brain hung up")
            line = line.strip()
            if line.startswith("MESSAGE"):
                self.messages.append(line)
            elif line and not line.startswith(("DEBUG", "INFO")):
                return line

    def ask(self, line):
        self.send(line)
        return self.answer()

    def close(self):
        try:
            self.send("END")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def wins(board, x, y, colour):
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            k = 1
            while board.get((x + s * k * dx, y + s * k * dy)) == colour:
                n += 1
                k += 1
        if n >= 5:
            return True
    return False


def play(paths, opening, ms, log):
    """paths[0] plays black. Returns (result for black, plies, reason, longest think per side)."""
    brains = [Brain(p) for p in paths]
    board = {}
    longest = [0.0, 0.0]
    try:
        for b in brains:
            assert b.ask(f"START {SIZE}") == "OK"
            b.send("INFO rule 0")
            b.send(f"INFO timeout_turn {ms}")
            b.send("INFO timeout_match 100000000")
            b.send("INFO time_left 100000000")
        for i, mv in enumerate(opening):
            board[mv] = i % 2
        started = [False, False]

        def ask(side, last):
            b = brains[side]
            t = time.time()
            if not started[side]:
                started[side] = True
                b.send("BOARD")
                for (x, y), c in board.items():
                    b.send(f"{x},{y},{1 if c == side else 2}")
                reply = b.ask("DONE")
            else:
                reply = b.ask(f"TURN {last[0]},{last[1]}")
            took = (time.time() - t) * 1000
            longest[side] = max(longest[side], took)
            log.append(f"  ply {len(board) + 1} {'BW'[side]} {reply} {took:.0f} ms | "
                       + " | ".join(b.messages[-2:]))
            b.messages.clear()
            return reply

        to_move = len(opening) % 2
        reply = ask(to_move, None)
        while True:
            try:
                x, y = map(int, reply.split(","))
            except ValueError:
                return (1 if to_move == 1 else 0), len(board), f"bad reply {reply!r}", longest
            if (x, y) in board or not (0 <= x < SIZE and 0 <= y < SIZE):
                return (1 if to_move == 1 else 0), len(board), f"illegal {reply}", longest
            board[(x, y)] = to_move
            if wins(board, x, y, to_move):
                return (1 if to_move == 0 else 0), len(board), "five", longest
            if len(board) == SIZE * SIZE:
                return 0.5, len(board), "full board", longest
            to_move ^= 1
            reply = ask(to_move, (x, y))
    finally:
        for b in brains:
            b.close()


def gsprt_llr(scores, elo0, elo1):
    """The GSPRT log-likelihood ratio of elo1 against elo0 for per-game scores (0, 1/2, 1)."""
    n = len(scores)
    if n < 2:
        return 0.0
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / n
    if var == 0:
        return 0.0
    e = lambda elo: 1 / (1 + 10 ** (-elo / 400))
    s0, s1 = e(elo0), e(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--ms", type=int, default=1000)
    ap.add_argument("--openings", default="fixed")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--log")
    ap.add_argument("--names", default="A,B")
    args = ap.parse_args()
    names = args.names.split(",")
    if args.openings == "fixed":
        openings = dict(FIXED)
    elif args.openings == "fixed8":
        openings = {**FIXED, **MORE}
    elif args.openings.startswith("random:"):
        parts = args.openings.split(":")
        openings = random_openings(int(parts[1]), int(parts[2]) if len(parts) > 2 else 1)
    else:
        sys.exit("--openings is fixed, fixed8 or random:N[:SEED]")
    paths = [os.path.abspath(args.a), os.path.abspath(args.b)]
    games = [(name, op, a_black) for name, op in openings.items() for a_black in (True, False)]
    lock = threading.Lock()
    logf = open(args.log, "w") if args.log else None
    scores = []
    print(f"| opening | black | white | result | plies | how | {names[0]} max ms | {names[1]} max ms |")
    print("|---|---|---|---|---|---|---|---|", flush=True)

    def one(game):
        name, op, a_black = game
        order = [paths[0], paths[1]] if a_black else [paths[1], paths[0]]
        log = []
        r, plies, why, longest = play(order, op, args.ms, log)
        a_score = r if a_black else 1 - r
        a_ms, b_ms = (longest[0], longest[1]) if a_black else (longest[1], longest[0])
        black, white = (names[0], names[1]) if a_black else (names[1], names[0])
        res = {1: "1-0", 0: "0-1", 0.5: "½-½"}[r]
        with lock:
            scores.append(a_score)
            print(f"| {name} | {black} | {white} | {res} | {plies} | {why} | {a_ms:.0f} | {b_ms:.0f} |",
                  flush=True)
            if logf:
                logf.write(f"{name} black={black} white={white} {res} {why}\n" + "\n".join(log) + "\n")
                logf.flush()

    with ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(one, games))
    n = len(scores)
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / n / n) if n > 1 else 0
    clamp = min(max(mean, 1e-3), 1 - 1e-3)
    elo = -400 * math.log10(1 / clamp - 1)
    w = scores.count(1)
    d = scores.count(0.5)
    print(f"\n{names[0]} {sum(scores)} - {names[1]} {n - sum(scores)} over {n} games "
          f"(+{w} ={d} -{n - w - d}); {names[0]} score {mean:.3f} ± {sd:.3f} (1 s.e.), "
          f"Elo {elo:+.0f}; GSPRT(0,20) LLR {gsprt_llr(scores, 0, 20):+.2f} (bounds ±2.94)")


if __name__ == "__main__":
    main()
