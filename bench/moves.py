"""The cost of `asara moves` and of a Tab (issue 35 point 4), against its targets: the
grouped listing within 0.3 s of CPU in every position; `--all` streamed, its first line
within 0.3 s and its peak memory within 100 MB, text or JSON; a Tab within 20 ms.

    python bench/moves.py [--games 1000] [--first-seed 0] [--tab-every 20] [--game yspahan]
        [--minutes 40] [--no-commands] [--no-heavy]

1. The commands, each in its own process, at the heaviest positions: the Yspahan one the
   tests keep (tests/yspahan/positions/heavy-secret-caravanserai.toml: a secret hand of two
   cards and a caravanserai, day 19), those of :data:`KNOWN` and the position of the sweep
   below with the most moves of each game (each written to a temporary log). Grouped
   text, `--all` and `--all --format json`: CPU time (user + system) and peak memory
   (maximum resident set) from the kernel (`os.wait4`), the CPU time and the wall time to
   the first line of output (the interpreter's start included; the least of three runs),
   the lines written; and in this process the CPU time to `--all`'s first move.
2. The grouped listing in this process (as `asara moves` makes it: each group counted, its
   first moves made) at every position of N simulated games of each game, seeded S to S+N-1,
   the player counts and every set of the game's flags taken in turn: its CPU time per
   position (the slowest, the 99th percentile, the median) and where the slowest is.
3. Tabs, as the session completes (the game's `next_words` on the position it keeps): at
   every Kth position of that sweep, a fresh position, then the words of a few of its moves
   (the first of groups spread over the listing) typed one word after another, a Tab before
   each word. Each Tab's CPU time: the slowest, the 99th percentile, the first Tab on a
   position (the one that pays for the listing) apart. At the heavy positions of part 1,
   the same over 40 groups.

Benchmarks are not tests: nothing here fails on a slow machine. CPU time is this process's
(`time.process_time`), which a busy machine inflates less than the wall time; the load
average is printed. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

from asara_cli.cli.lines import split
from asara_cli.cli.moves import SHOWN
from asara_cli.games import GAMES, game
from asara_cli.games.base import SIM_NAMES, move_groups
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, log_to_text, parse_log

HEAVY = Path(__file__).resolve().parent.parent / "tests/yspahan/positions/" \
    "heavy-secret-caravanserai.toml"
#: Simulated positions found heavy (game, seed, players, flags, after event, whether
#: `--all` is run as a command too): Yspahan with hands secret (285,722 moves grouped; seed
#: 283's, the most the sweep of 1,000 games met: 2,874,617 moves, `--all` 13,780,973 lines
#: in minutes: grouped only) and open (156,955), ASARA's gifts piled on one space.
KNOWN: tuple[tuple[str, int, int, frozenset[str], int, bool], ...] = (
    ("yspahan", 31, 4, frozenset({"secret"}), 88, True),
    ("yspahan", 283, 4, frozenset({"secret"}), 74, False),
    ("yspahan", 109, 4, frozenset(), 103, True),
    ("asara", 6, 2, frozenset({"pro", "gifts"}), 52, True))
LISTING, FIRST_LINE, MEMORY, TAB = 0.3, 0.3, 100.0, 0.020  # the targets: s, s, MB, s


def ratio(value: float, target: float) -> str:
    return f"{value / target:4.2f} of the target"


def cpu_of(pid: int) -> float:
    """The CPU seconds (user + system) a running process has used so far (Linux's
    ``/proc/PID/stat``, in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def command(args: list[str]) -> tuple[float, float, float, float, int]:
    """``asara ARGS`` in its own process: CPU seconds; to the first line of output, the
    CPU seconds it had used and the wall seconds (each the least of three runs: the
    machine's load adds to a wall time; the other two stopped after their first line);
    peak memory in MB; lines written (read and dropped)."""
    exe = Path(sys.executable).with_name("asara")
    firsts, cpus = [], []
    for run in range(3):
        start = time.perf_counter()
        child = subprocess.Popen([str(exe), *args], stdout=subprocess.PIPE)
        assert child.stdout is not None
        child.stdout.readline()
        firsts.append(time.perf_counter() - start)
        cpus.append(cpu_of(child.pid))
        if run:
            child.kill()
            child.wait()
            continue
        lines = 1
        for _line in child.stdout:
            lines += 1
        _pid, _status, usage = os.wait4(child.pid, 0)
        child.returncode = 0
    return (usage.ru_utime + usage.ru_stime, min(cpus), min(firsts), usage.ru_maxrss / 1024,
            lines)


def grouped(g: Any, board: Any, state: Any) -> tuple[float, int, list[Any]]:
    """The grouped listing as `asara moves` makes it: CPU seconds, moves, groups."""
    start = time.process_time()
    groups = list(move_groups(g.legal_moves(board, state), SHOWN + 1, every=False))
    return time.process_time() - start, sum(c.count for c in groups), groups


def fresh(state: Any) -> Any:
    """The same position as a new value: no listing kept from an earlier question."""
    return msgspec.structs.replace(state)


def tabs(g: Any, board: Any, state: Any, groups: Sequence[Any], most: int
         ) -> Iterator[tuple[float, bool, list[str]]]:
    """A session's Tabs at a fresh copy of ``state``: the words of the first move of up to
    ``most`` groups spread over ``groups``, typed word by word, a Tab before each word;
    each Tab's CPU seconds, whether it was the first on the position, the words typed."""
    position = fresh(state)
    step = max(1, -(-len(groups) // most))
    first = True
    for group in groups[::step]:
        words = split(group.first[0].words)
        for n in range(len(words)):
            start = time.process_time()
            g.next_words(board, position, words[:n])
            yield time.process_time() - start, first, words[:n]
            first = False


def spread(times: Sequence[float]) -> str:
    if not times:
        return "none"
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"slowest {ordered[-1] * 1000:6.1f} ms, p99 {p99 * 1000:6.1f} ms, median "
            f"{statistics.median(ordered) * 1000:5.1f} ms")


class Sweep:
    """Part 2 and 3 for one game: every position's grouped listing, Tabs at some."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.games = 0
        self.times: list[float] = []
        self.slowest: tuple[float, int, str] = (0.0, 0, "")
        self.heaviest: tuple[int, Any, tuple[Any, ...], str] = (-1, None, (), "")
        self.tabs: list[float] = []
        self.first_tabs: list[float] = []
        self.slowest_tab: tuple[float, str] = (0.0, "")

    def run(self, games: int, tab_every: int, until: float, first: int = 0) -> None:
        key = self.key
        g = game(key)
        board = load_board(None, key)
        rules = g.recording()
        names = [f.name for f in g.simulate_flags]
        span = g.max_players - g.min_players + 1
        for seed in range(first, first + games):
            if time.monotonic() > until:
                break
            self.games = seed - first + 1
            players = g.min_players + seed % span
            flags = frozenset(n for bit, n in enumerate(names) if (seed // span) >> bit & 1)
            setup, events = g.simulate(board, seed, players, flags, SIM_NAMES)
            state = rules.position(g.replay(board, setup, ()))
            for at, event in enumerate(events):
                where = f"seed {seed}, {players} players, {sorted(flags)}, event {at}"
                cpu, count, groups = grouped(g, board, state)
                self.times.append(cpu)
                if cpu > self.slowest[0]:
                    self.slowest = (cpu, count, where)
                if count > self.heaviest[0]:
                    self.heaviest = (count, setup, events[:at], where)
                if tab_every and len(self.times) % tab_every == 0:
                    for took, opening, typed in tabs(g, board, state, groups, 4):
                        (self.first_tabs if opening else self.tabs).append(took)
                        if took > self.slowest_tab[0]:
                            self.slowest_tab = (took, f"{where}, after {typed}")
                state = rules.after(rules.apply(board, state, event))
            if self.games % 50 == 0:
                print(f"  ... {key}: {self.games} games, {len(self.times)} positions, slowest "
                      f"{self.slowest[0] * 1000:.0f} ms", file=sys.stderr, flush=True)

    def report(self) -> None:
        cpu, count, where = self.slowest
        print(f"  {self.key}: {self.games} games, {len(self.times)} positions; grouped listing "
              f"{spread(self.times)} CPU ({ratio(cpu, LISTING)}); over 0.3 s: "
              f"{sum(t > LISTING for t in self.times)}")
        print(f"    slowest: {count} moves; {where}")
        print(f"    most moves: {self.heaviest[0]}; {self.heaviest[3]}")
        every = self.tabs + self.first_tabs
        if every:
            print(f"  {self.key}: {len(every)} Tabs at {len(self.first_tabs)} positions: "
                  f"{spread(every)} CPU ({ratio(max(every), TAB)}); over 20 ms: "
                  f"{sum(t > TAB for t in every)}")
            print(f"    the first Tab on a position: {spread(self.first_tabs)}; the others: "
                  f"{spread(self.tabs)}")
            print(f"    slowest: {self.slowest_tab[1]}")


def position(path: Path) -> tuple[Any, Any, Any]:
    log = parse_log(path.read_text("utf-8"))
    g = game(log.header.game)
    board = load_board(None, log.header.game)
    return g, board, g.recording().position(g.replay(board, log.header.setup, log.events))


def write_log(folder: Path, name: str, key: str, setup: Any, events: Sequence[Any]) -> Path:
    path = folder / f"{name}.toml"
    header = LogHeader(setup, "standard", "2026-11-28", "bench", "bench/moves.py", game=key)
    path.write_text(log_to_text(header, events), "utf-8")
    return path


def heavy(path: Path, commands: bool, whole: bool = True) -> None:
    """Part 1 and the heavy positions' Tabs, at the log ``path`` (not ``whole``: no
    `--all` command)."""
    g, board, state = position(path)
    cpu, count, groups = grouped(g, board, fresh(state))
    print(f"  {path.name}: {count} moves in {len(groups)} groups; grouped in process "
          f"{cpu * 1000:.0f} ms CPU ({ratio(cpu, LISTING)})")
    if commands:
        for extra in ([], ["--all"], ["--all", "--format", "json"])[:3 if whole else 1]:
            took, first, wall, rss, lines = command(["moves", str(path), *extra])
            print(f"    {' '.join(['moves', *extra]):26} {took:5.2f} s CPU, first line after "
                  f"{first:.2f} s CPU ({ratio(first, FIRST_LINE)}; {wall:.2f} s wall), "
                  f"{rss:3.0f} MB peak ({ratio(rss, MEMORY)}), {lines} lines")
    start = time.process_time()
    next(iter(g.legal_moves(board, fresh(state))), None)
    print(f"    --all, its first move in process: "
          f"{(time.process_time() - start) * 1000:.0f} ms CPU")
    session = list(tabs(g, board, state, groups, 40))
    every = [t for t, _f, _w in session]
    slow = max(session, key=lambda s: s[0])
    print(f"    {len(every)} Tabs in a session over 40 groups: {spread(every)} CPU "
          f"({ratio(max(every), TAB)}), the first {session[0][0] * 1000:.1f} ms; over 20 ms: "
          f"{sum(t > TAB for t in every)}; slowest after {slow[2]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of each game swept")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the seed of the first game swept")
    parser.add_argument("--tab-every", type=int, default=20,
                        help="Tabs at every Kth position of the sweep (0: none)")
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="only this game's sweep (repeatable)")
    parser.add_argument("--no-commands", action="store_true",
                        help="no command in its own process")
    parser.add_argument("--minutes", type=float, default=0,
                        help="stop sweeping a game after this many minutes (0: never)")
    parser.add_argument("--no-heavy", action="store_true", help="no part 1")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        if not args.no_heavy:
            print("1. the heaviest known positions:")
            heavy(HEAVY, not args.no_commands)
            for key, seed, players, flags, at, whole in KNOWN:
                g = game(key)
                setup, events = g.simulate(load_board(None, key), seed, players, flags,
                                           SIM_NAMES)
                heavy(write_log(Path(tmp), f"{key}-seed{seed}-{players}-event{at}", key,
                                setup, events[:at]), not args.no_commands, whole)
        print(f"2. and 3. every position of {args.games} simulated games of each game, from "
              f"seed {args.first_seed}:")
        sweeps = [Sweep(key) for key in args.game or GAMES]
        for sweep in sweeps:
            sweep.run(args.games, args.tab_every,
                      time.monotonic() + (args.minutes * 60 if args.minutes else 1e12),
                      args.first_seed)
            sweep.report()
        print("   the sweep's position with the most moves, of each game:")
        for sweep in sweeps:
            count, setup, events, _where = sweep.heaviest
            if count > 0:
                heavy(write_log(Path(tmp), f"{sweep.key}-most", sweep.key, setup, events),
                      not args.no_commands)


if __name__ == "__main__":
    main()
