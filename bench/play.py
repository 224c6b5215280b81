"""The time of a move inside the table session (`asara play`, issue 29 point 9), beside the
same move as a one-shot command.

    python bench/play.py [--rounds 30]

Two running logs, from simulated games: a 4-player ASARA pro game with both expansions at
event 100, and a 4-player Yspahan game on its 20th day. At each, the first of a few plain
moves that is legal (found with `check`) is typed into a session kept open on the log: the
line is parsed by the move's Typer command, checked, appended through the careful writer and
described, exactly as at the table (the session's output goes to /dev/null). After each
round the log file and the session's position are put back as they were, so every round
records the same move at the same event. Printed: the best and the median of the rounds
(wall time; the median CPU time of this process beside it),
the one-shot command's wall time for the same move (best of 5), and the time of two Tabs at
that position (an empty line, then the move's first word), the legal moves listed afresh.
The logs are written in the system's temporary folder (the write's cost is that disk's).
Benchmarks are not tests: nothing here fails on a slow
machine.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from msgspec import structs

from asara_cli.cli.session import Session, stamp
from asara_cli.games import game
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, log_to_text
from asara_cli.logfile.write import write_file

NAMES = ("Tina", "Paul", "Anna", "Ben")
#: Plain moves tried in turn at the event measured (the first legal one is timed).
TRIED = {
    "asara": ("coloured", "caliph", "bank 1 -c blue", "genie 0"),
    "yspahan": ("camels", "gold", "roll 1 1 3 3 5 5 6 6 6"),
}


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """stdout and stderr to /dev/null (the session says each move), file descriptors too."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    try:
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, null):
            os.close(fd)


def cut(key: str, flags: frozenset[str], seed: int) -> tuple[LogHeader, Sequence[Any], int]:
    """A simulated 4-player game and where to cut it: event 99 for ASARA (the move timed is
    the 100th), the start of the 20th day for Yspahan."""
    played = game(key)
    board = load_board(None, key)
    setup, events = played.simulate(board, seed, 4, flags, NAMES)
    header = LogHeader(setup, "standard", "2026-11-26", "bench", "bench/play.py", game=key)
    if key == "asara":
        return header, events, 99
    for n in range(len(events)):
        state: Any = played.recording().position(played.replay(board, setup, events[:n]))
        if (state.week - 1) * 7 + state.day >= 20 and state.phase != "roll":
            return header, events, n
    raise SystemExit("the simulated game ended before day 20")


def measure(folder: Path, key: str, flags: frozenset[str], rounds: int, seed: int
            ) -> dict[str, Any]:
    header, events, n = cut(key, flags, seed)
    path = folder / f"{key}.toml"
    text = log_to_text(header, events[:n])
    write_file(path, text)
    session = Session(path)
    line = None
    with quiet():
        for tried in TRIED[key]:
            if session.line(f"check {tried}") == 0:
                line = tried
                break
    if line is None:
        raise SystemExit(f"{key}: none of {TRIED[key]} is legal at event {n + 1}")
    kept = session.position
    assert kept is not None, f"{key}: the log at event {n + 1} is illegal"
    times: list[float] = []
    cpu: list[float] = []  # this process's CPU time: what a busy machine does not add to
    with quiet():
        for _ in range(rounds):
            start, used = time.perf_counter(), time.process_time()
            code = session.line(line)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - used)
            assert code == 0
            write_file(path, text)  # back as it was: the same move again
            session.position = kept
            session.seen = stamp(path)
    # completion at the start of a line: the first Tab lists the legal moves (once per
    # position), the next ones take them from the session
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from asara_cli.cli.table import TableCompleter

    completer = TableCompleter(session)
    word = line.split()[0]
    tabs: list[float] = []
    tabs_cpu: list[float] = []
    for _ in range(rounds):
        # a copy of the position: the game keeps the legal moves of the state it was asked
        # about last, so they are listed afresh
        session.position = structs.replace(kept, state=copy.copy(kept.state))
        start, used = time.perf_counter(), time.process_time()
        list(completer.get_completions(Document(""), CompleteEvent()))
        list(completer.get_completions(Document(word + " "), CompleteEvent()))
        tabs.append(time.perf_counter() - start)
        tabs_cpu.append(time.process_time() - used)
    one_shot = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "asara_cli", *line.split(), "--log", str(path)],
                       capture_output=True, check=True)
        one_shot.append(time.perf_counter() - start)
        write_file(path, text)
    return {"game": key, "event": n + 1, "move": line, "best_ms": min(times) * 1000,
            "median_ms": statistics.median(times) * 1000, "one_shot_ms": min(one_shot) * 1000,
            "tab_ms": statistics.median(tabs) * 1000, "cpu_ms": statistics.median(cpu) * 1000,
            "tab_cpu_ms": statistics.median(tabs_cpu) * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for key, flags in (("asara", frozenset({"pro", "gifts", "genie"})),
                           ("yspahan", frozenset())):
            got = measure(Path(tmp), key, flags, args.rounds, args.seed)
            print(f"{got['game']:8} event {got['event']:3} `{got['move']}`: in the session "
                  f"best {got['best_ms']:.1f} ms, median {got['median_ms']:.1f} ms (CPU "
                  f"{got['cpu_ms']:.1f} ms); as a one-shot command {got['one_shot_ms']:.0f} "
                  f"ms; two Tabs (the first listing the legal moves) median "
                  f"{got['tab_ms']:.1f} ms (CPU {got['tab_cpu_ms']:.1f} ms)")


if __name__ == "__main__":
    main()
