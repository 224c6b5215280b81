"""The work that figure (a) of bench/perf.py times, done for counting instructions instead.

    valgrind --tool=callgrind python bench/count.py asara 0      # the games read, no work
    valgrind --tool=callgrind python bench/count.py asara 3      # ... and replayed 3 times
    valgrind --tool=callgrind python bench/count.py tomllib 3    # ... and parsed 3 times
    valgrind --tool=callgrind python bench/count.py tomllib-yspahan 3   # Yspahan's, parsed

The same 10 simulated 4-player games as (a) (ASARA, or `yspahan`), replayed, scored and
their ledger made (or parsed by tomllib) N times. A game's instructions are (run with 3 -
run with 0) / 30. Counts do not move with the host's load, as wall time does
(docs/performance.md, "Per Python version").
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from perf import simulated

from asara_cli.games import game
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import parse_log


def main() -> None:
    what, times = sys.argv[1], int(sys.argv[2])
    key = "yspahan" if what.endswith("yspahan") else "asara"
    texts = [simulated("asara", 9000 + i, frozenset({"pro"}) if i % 2 else frozenset())
             if key == "asara" else simulated("yspahan", 9000 + i) for i in range(10)]
    rules = game(key)
    board = load_board(None, key)
    logs = [parse_log(text) for text in texts]

    def whole(i: int) -> None:
        setup, events = logs[i].header.setup, logs[i].events
        outcome = rules.replay(board, setup, events)
        rules.scores(outcome, setup)
        rules.ledger(outcome)

    whole(0)  # what is imported on first use, in every run alike
    tomllib.loads(texts[0])
    for _ in range(times):
        for i, text in enumerate(texts):
            if what.startswith("tomllib"):
                tomllib.loads(text)
            else:
                whole(i)


if __name__ == "__main__":
    main()
