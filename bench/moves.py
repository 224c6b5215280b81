"""The cost of `asara moves` (issue 35 point 4): the grouped listing, `--all` streamed, and a
Tab's completion.

    python bench/moves.py [--games 20] [--log GAME.toml]

1. The command on one log (by default the heaviest known Yspahan position,
   tests/yspahan/positions/heavy-secret-caravanserai.toml: a secret hand of two cards
   and a caravanserai, 142,868 moves listed grouped, more with --all): grouped text,
   `--all` text and `--all --format json`, each in its own process, its CPU time (user +
   system) and peak memory (maximum resident set) from the kernel (`os.wait4`), and the wall
   time to its first line of output.
2. The grouped count in this process (as `asara moves` counts it: without making every move)
   at every position of N simulated games of each game, every player count and flag set:
   the CPU time of the slowest position and where it is.
3. A Tab at that log: the words that may come next after each of a few prefixes
   (`next_words`), the slowest.
4. ASARA's heaviest known position (the pro game with gifts, seed 6, 2 players, event 52:
   gifts piled on the lighted windows' space, 14,425 moves): the grouped count, the first
   move of `--all`, and a Tab after a few prefixes, each on a fresh copy of the position.

Benchmarks are not tests: nothing here fails on a slow machine. Run it from an installed
package (docs/performance.md says how) or a clone's venv; the machine's load is printed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from asara_cli.games import GAMES, game
from asara_cli.games.base import SIM_NAMES, move_groups
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import parse_log

HEAVY = Path(__file__).resolve().parent.parent / "tests/yspahan/positions/" \
    "heavy-secret-caravanserai.toml"


def command(args: list[str]) -> tuple[float, float, float, int]:
    """``asara ARGS`` in its own process: CPU seconds, wall seconds to the first line and
    to the end, peak memory in MB; its output read and dropped."""
    exe = Path(sys.executable).with_name("asara")
    start = time.perf_counter()
    child = subprocess.Popen([str(exe), *args], stdout=subprocess.PIPE)
    assert child.stdout is not None
    child.stdout.readline()
    first = time.perf_counter() - start
    lines = 1
    for _line in child.stdout:
        lines += 1
    _pid, _status, usage = os.wait4(child.pid, 0)
    child.returncode = 0
    return usage.ru_utime + usage.ru_stime, first, usage.ru_maxrss / 1024, lines


def position(path: Path) -> tuple[Any, Any, Any]:
    log = parse_log(path.read_text("utf-8"))
    g = game(log.header.game)
    board = load_board(None, log.header.game)
    return g, board, g.recording().position(g.replay(board, log.header.setup, log.events))


def grouped(g: Any, board: Any, state: Any) -> tuple[float, int]:
    start = time.process_time()
    count = sum(c.count for c in move_groups(g.legal_moves(board, state), 4, every=False))
    return time.process_time() - start, count


def sweep(games: int) -> None:
    for key in GAMES:
        g = game(key)
        board = load_board(None, key)
        rules = g.recording()
        worst = (0.0, 0, "")
        positions = 0
        for flags in [frozenset(), frozenset(f.name for f in g.simulate_flags)]:
            for players in range(g.min_players, g.max_players + 1):
                for seed in range(games):
                    setup, events = g.simulate(board, seed, players, flags, SIM_NAMES)
                    state = rules.position(g.replay(board, setup, ()))
                    for at, event in enumerate(events):
                        cpu, count = grouped(g, board, state)
                        positions += 1
                        if cpu > worst[0]:
                            worst = (cpu, count, f"seed {seed}, {players} players, "
                                                 f"{sorted(flags)}, event {at}")
                        state = rules.after(rules.apply(board, state, event))
        print(f"  {key}: {positions} positions; slowest {worst[0] * 1000:.0f} ms CPU "
              f"({worst[1]} moves; {worst[2]})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--log", type=Path, default=HEAVY)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; {sys.version.split()[0]}")
    print(f"1. asara moves {args.log.name}:")
    for extra in ([], ["--all"], ["--all", "--format", "json"]):
        cpu, first, rss, lines = command(["moves", str(args.log), *extra])
        print(f"  {' '.join(['moves', *extra]):30} {cpu:6.2f} s CPU, first line after "
              f"{first:.2f} s, {rss:5.0f} MB peak, {lines} lines")
    g, board, state = position(args.log)
    for _ in range(2):  # the second: the position asked about again (as a session does)
        cpu, count = grouped(g, board, state)
        print(f"  grouped count in process: {cpu * 1000:.0f} ms CPU, {count} moves")
    print(f"2. the grouped count at every position of {args.games} games of each game:")
    sweep(args.games)
    print("3. a Tab at that log (next_words), each prefix on a fresh position:")
    for typed in ([], ["goods"], ["supervisor"], ["supervisor", "gold"], ["gold", "--play"]):
        _g, _b, fresh = position(args.log)
        start = time.process_time()
        words = g.next_words(board, fresh, typed)
        cpu = time.process_time() - start
        print(f"  {' '.join(typed) or '(empty line)':20} {cpu * 1000:6.1f} ms CPU, "
              f"{len(words)} words")
    print("4. ASARA, gifts piled on one space (pro, gifts, seed 6, 2 players, event 52):")
    piled()


def piled() -> None:
    import msgspec

    g = game("asara")
    board = load_board(None, "asara")
    setup, events = g.simulate(board, 6, 2, frozenset({"pro", "gifts"}), SIM_NAMES)
    state = g.recording().position(g.replay(board, setup, events[:52]))
    cpu, count = grouped(g, board, msgspec.structs.replace(state))
    print(f"  grouped count: {cpu * 1000:.0f} ms CPU, {count} moves")
    start = time.process_time()
    next(iter(g.legal_moves(board, msgspec.structs.replace(state))))
    print(f"  --all, its first move: {(time.process_time() - start) * 1000:.0f} ms CPU")
    for typed in ([], ["lighted"], ["lighted", "10"], ["buy"]):
        fresh = msgspec.structs.replace(state)
        start = time.process_time()
        words = g.next_words(board, fresh, typed)
        cpu = time.process_time() - start
        print(f"  Tab after {' '.join(typed) or '(empty line)':16} {cpu * 1000:6.1f} ms CPU, "
              f"{len(words)} words")


if __name__ == "__main__":
    main()
