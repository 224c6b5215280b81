"""How fast a log is read and replayed, as ratios (run: python bench/replay.py).

Recording a move replays the whole log before writing, so replay speed is what a player
waits for at the table. Prints the time per event for parsing TOML and for the replay, and
their ratio; and the cost of `check` for one more move relative to replaying everything.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_engine_props import play  # type: ignore[import-not-found]  # tests/, put on the path above

from asara_cli.games.asara.rules.engine import check, replay
from asara_cli.games.asara.rules.model import Variant
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, read_log, write_log


def best(fn: Callable[[], object], repeat: int = 7) -> float:
    times: list[float] = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    board = load_board()
    rows: list[tuple[int, str, int, float, float, float]] = []
    for players, variant in ((2, Variant.BASIC), (3, Variant.BASIC), (4, Variant.PRO)):
        setup, events, states = play(board, 42, players, variant, 0)
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "game.toml"
            write_log(path, LogHeader(setup), events)
            parse = best(partial(read_log, path))
            log = read_log(path)
        run = best(partial(replay, board, setup, log.events))
        one = best(partial(check, board, states[-2], events[-1]), repeat=50)
        rows.append((players, str(variant.value), len(events), parse, run, one))
    print(f"{'game':<12}{'events':>7}{'parse/event':>14}{'replay/event':>14}"
          f"{'replay:parse':>14}{'check:replay':>14}")
    for players, kind, n, parse, run, one in rows:
        print(f"{players}p {kind:<9}{n:>7}{parse / n * 1e6:>12.0f}us{run / n * 1e6:>12.0f}us"
              f"{run / parse:>13.2f}x{one / run:>13.4f}x")
    ratio = statistics.mean(r[4] / r[3] for r in rows)
    print(f"mean replay:parse ratio {ratio:.2f}x")


if __name__ == "__main__":
    main()
