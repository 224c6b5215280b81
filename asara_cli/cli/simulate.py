"""``asara simulate``: write complete, legal, simulated game logs."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from asara_cli.cli.chunks import in_chunks
from asara_cli.cli.common import BoardOption, JobsOption, err, fail, guarded
from asara_cli.core.shown import show_path
from asara_cli.core.values import frozen
from asara_cli.games.asara.rules.board import Board
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, log_to_text
from asara_cli.logfile.write import write_file
from asara_cli.simulate import simulate_game

#: Games a worker simulates at once (about a second's work): the bar moves often, and
#: handing out the work costs little.
CHUNK = 10


@guarded
def simulate(
    out_dir: Annotated[Path, typer.Option("--out", "-o", help="The folder to write the logs "
                                          "into (made if missing).", show_default=False)],
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=1_000_000,
                                       help="How many games.")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="The same seed writes the same "
                                      "bytes (with this version of asara).")] = 1,
    players: Annotated[int | None, typer.Option(
        "--players", min=2, max=4, help="Players per game (default: 2, 3 or 4 by turns).",
        show_default=False)] = None,
    pro: Annotated[bool, typer.Option("--pro", help="The professional version.")] = False,
    gifts: Annotated[bool, typer.Option("--gifts", help="With the Gifts of the Caliph "
                                        "(R6.1).")] = False,
    genie: Annotated[bool, typer.Option("--genie", help="With the House of the Bottle Genie "
                                        "(R6.2; implies --pro).")] = False,
    jobs: JobsOption = None,
    board: BoardOption = None,
) -> None:
    """Write simulated games: complete and legal, played by a plain random player.

    Each log records its market displays, the gifts dealt and a checkpoint after every year,
    so `asara validate` confirms every point. For trying the tool, tests and benchmarks.
    A game takes 0.05 to 0.07 s on each core; a progress bar shows on stderr when it is a
    terminal.

    Example: asara simulate --games 100 --seed 7 --out sims --pro --gifts
    """
    plan = _Plan(out_dir, games, seed, players, pro or genie,
                 tuple(x for x, on in (("gifts", gifts), ("genie", genie)) if on),
                 load_board(board), "standard" if board is None else str(board.resolve()))
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise fail(f"{show_path(out_dir)}: cannot make the folder: {e.strerror or e}") from None
    for _ in in_chunks(partial(_write_games, plan), range(games), CHUNK, jobs, "simulating"):
        pass
    err().print(f"{games} games written to {show_path(out_dir)}", soft_wrap=True)


@frozen
class _Plan:
    """What every game of a run shares (handed to the worker processes)."""

    out_dir: Path
    games: int
    seed: int
    players: int | None
    pro: bool
    expansions: tuple[str, ...]
    rules: Board
    board: str  # as the logs' headers name it: "standard", or the profile's resolved path


def _write_games(plan: _Plan, numbers: Sequence[int]) -> None:
    """Simulate and write games ``numbers`` (from 0) of the plan. Game ``i`` depends on the
    seed and ``i`` only, so any split gives the same files."""
    width = max(4, len(str(plan.games)))
    start = dt.date(2026, 1, 1)
    for i in numbers:
        n = plan.players or 2 + (plan.seed + i) % 3
        game = simulate_game(plan.rules, plan.seed * 1_000_003 + i, n, plan.pro, plan.expansions)
        header = LogHeader(game.setup, plan.board,
                           (start + dt.timedelta(days=i % 3650)).isoformat(),
                           "simulated", f"asara simulate --seed {plan.seed}, game {i + 1}")
        write_file(plan.out_dir / f"game-{i + 1:0{width}d}.toml",
                   log_to_text(header, game.events), follow_link=False)
