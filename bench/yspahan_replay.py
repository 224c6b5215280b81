"""How fast the Yspahan referee replays a whole game (run: python bench/yspahan_replay.py).

Prints, for simulated 3- and 4-player games, the time of one replay (best of several runs,
median over the games), per event, and with a frozen snapshot after every event
(``states=True``); and the cost of ``check`` for one more event on the final table.
Benchmarks are not tests: nothing here fails on a slow machine.
"""

from __future__ import annotations

import random
import statistics
import time
import tomllib
from collections.abc import Callable
from importlib import resources

from asara_cli.games.yspahan.rules.board import board_from_mapping
from asara_cli.games.yspahan.rules.engine import apply, check, replay
from asara_cli.games.yspahan.rules.sampler import play_game
from asara_cli.games.yspahan.rules.state import Setup, new_table


def best(fn: Callable[[], object], repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    text = resources.files("asara_cli.games.yspahan").joinpath("data/standard.toml")
    board = board_from_mapping(tomllib.loads(text.read_text("utf-8")))
    print(f"{'game':<6}{'events':>7}{'replay':>10}{'per event':>11}{'states=True':>13}"
          f"{'check':>9}")
    for n in (3, 4):
        setup = Setup(("Ann", "Ben", "Cid", "Dia")[:n])
        rows = []
        for seed in range(20):
            events = play_game(board, setup, random.Random(seed))
            run = best(lambda e=events, s=setup: replay(board, s, e))
            kept = best(lambda e=events, s=setup: replay(board, s, e, states=True), 3)
            table = new_table(board, setup)
            for e in events[:-1]:
                apply(board, table, e)
            one = best(lambda t=table, e=events[-1]: check(board, t, e), 50)
            rows.append((len(events), run, kept, one))
        count = statistics.median(r[0] for r in rows)
        run = statistics.median(r[1] for r in rows)
        kept = statistics.median(r[2] for r in rows)
        one = statistics.median(r[3] for r in rows)
        print(f"{n}p{count:>11.0f}{run * 1e3:>8.2f}ms{run / count * 1e6:>9.1f}us"
              f"{kept * 1e3:>11.2f}ms{one * 1e6:>7.0f}us")


if __name__ == "__main__":
    main()
