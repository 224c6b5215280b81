"""The four speed figures of docs/performance.md, as ratios, in one run.

    python bench/perf.py [--games 10000]

(a) replay + validate + score of a simulated game against tomllib parsing the same file;
(b) `asara batch --jobs 2` over N simulated 4-player games, in seconds;
(c) `asara status` and a recording `--dry-run` on a finished 4-player log, against
    `python -c "import typer, tomllib"`;
(d) `asara batch --jobs 2` against `--jobs 1`.
(b) and (d) start from an empty cache of scored games (each is timed cold); one more line
times (b)'s folder scored again, as a club re-scores it, from the cache the first run wrote.

Run it with the virtual environment's python, on an installed (not editable) package with
byte code allowed, as a user has it: PYTHONDONTWRITEBYTECODE recompiles every module on every
command. The N games are 100 simulated games written N / 100 times each, every copy with its
own header note, so no two files are the same bytes (batch counts duplicates once).
Benchmarks are not tests: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from functools import partial
from pathlib import Path

from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.screens.game import score_dict
from asara_cli.games.asara.simulate import simulate_game
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, log_to_text, read_log

ASARA = str(Path(sys.executable).with_name("asara"))
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
CACHE = Path(tempfile.mkdtemp(prefix="asara-bench-cache-"))
ENV["ASARA_CACHE_DIR"] = str(CACHE)  # never the user's own cache


def best(*fns: Callable[[], object], repeat: int = 20) -> list[float]:
    """The best time of each function, called in turn, round after round (see
    :func:`rounds`)."""
    times = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t = time.perf_counter()
            fn()
            times[i] = min(times[i], time.perf_counter() - t)
    return times


def run(*args: str) -> float:
    t = time.perf_counter()
    subprocess.run(args, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    return time.perf_counter() - t


def command(*args: str, repeat: int = 5) -> float:
    return min(run(*args) for _ in range(repeat))


def rounds(*commands: tuple[str, ...], repeat: int = 10) -> list[float]:
    """The best time of each command, run in turn round after round: a virtual machine's
    speed drifts over seconds, and a ratio of two commands timed minutes apart drifts with
    it."""
    return best(*(partial(run, *args) for args in commands), repeat=repeat)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    games = parser.parse_args().games
    board = load_board()
    work = Path(tempfile.mkdtemp(prefix="asara-bench-"))
    try:
        base = [simulate_game(board, 9000 + i, 4, pro=i % 2 == 1) for i in range(100)]
        texts = [log_to_text(LogHeader(g.setup), g.events) for g in base]
        one = work / "one.toml"
        one.write_text(texts[1], "utf-8")

        # (a) one game: replay + validate + score against parsing
        text = one.read_text("utf-8")
        log = read_log(one)

        def whole() -> None:
            result = replay(board, log.header.setup, log.events)
            score_dict(board, log, result)

        parse, scored = best(lambda: tomllib.loads(text), whole)
        a = scored / parse

        # (c) a command's whole time against importing typer and tomllib
        os.chdir(work)
        shutil.copy(one, work / "running.toml")
        running = read_log(work / "running.toml")
        cut = log_to_text(running.header, running.events[:-20])
        (work / "running.toml").write_text(cut, "utf-8")
        baseline, status, dry = rounds(
            (sys.executable, "-c", "import typer, tomllib"),
            (ASARA, "status", str(one)),
            (ASARA, "coloured", "--dry-run", "-l", "running.toml"))
        status, dry = status / baseline, dry / baseline

        # (b) and (d): batch over N files
        folder = work / "club"
        folder.mkdir()
        for i in range(games):
            body = texts[i % len(texts)]
            (folder / f"g{i:05d}.toml").write_text(f"# copy {i}\n{body}", "utf-8")
        shutil.rmtree(CACHE, ignore_errors=True)  # cold: nothing scored before
        jobs2 = command(ASARA, "batch", str(folder), "-f", "csv", "--jobs", "2", repeat=1)
        again = command(ASARA, "batch", str(folder), "-f", "csv", "--jobs", "2", repeat=1)
        shutil.rmtree(CACHE, ignore_errors=True)  # cold again, to compare like with like
        jobs1 = command(ASARA, "batch", str(folder), "-f", "csv", "--jobs", "1", repeat=1)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(CACHE, ignore_errors=True)
    print(f"{'figure':<58}{'measured':>10}{'target':>10}")
    print(f"{'(a) replay+validate+score : tomllib parse, one game':<58}{a:>9.2f}x{'<= 1.0':>10}")
    print(f"{f'(b) batch --jobs 2 over {games:,} 4-player games (s)':<58}{jobs2:>9.1f}s"
          f"{'<= 20 s' if games == 10_000 else '':>10}")
    print(f"{'    the same folder again, from the cache (s)':<58}{again:>9.1f}s")
    print(f"{'(c) status : import typer, tomllib':<58}{status:>9.2f}x{'<= 2.0':>10}")
    print(f"{'(c) recording --dry-run : import typer, tomllib':<58}{dry:>9.2f}x{'<= 2.0':>10}")
    print(f"{'(d) batch --jobs 1 : --jobs 2':<58}{jobs1 / jobs2:>9.2f}x{'>= 1.7':>10}")
    # the seconds of (b) move with the machine: this says how fast it was during the run
    print(f"the machine: tomllib parses the game of (a) in {parse * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
