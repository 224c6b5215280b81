"""``asara simulate``: write complete, legal, simulated game logs of any game (each game's
own switches, ``Game.simulate_flags``, added to the command's signature).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from msgspec import Struct

from asara_cli.cli.chunks import in_chunks
from asara_cli.cli.common import (
    BoardOption,
    GameOption,
    JobsOption,
    err,
    fail,
    find_game_option,
    with_options,
)
from asara_cli.core.i18n import _, ngettext
from asara_cli.core.names import hidden_character, same_name
from asara_cli.core.shown import show_path
from asara_cli.games import all_games, game
from asara_cli.games.base import SIM_NAMES
from asara_cli.logfile.board import STANDARD, load_board
from asara_cli.logfile.game import LogHeader, log_to_text
from asara_cli.logfile.write import output_folder, write_file

#: Games a worker simulates at once (about a second's work): the bar moves often, and
#: handing out the work costs little.
CHUNK = 10


def _simulate(
    out_dir: Annotated[Path, typer.Option("--out", "-o", help="The folder to write the logs "
                                          "into (made if missing).", show_default=False)],
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=1_000_000,
                                       help="How many games.")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="The same seed writes the same "
                                      "bytes (with this version of asara).")] = 1,
    players: Annotated[int | None, typer.Option(
        "--players", min=1, max=8, help="Players per game (default: each count the game "
        "allows, by turns).", show_default=False)] = None,
    game_name: GameOption = None,
    names: Annotated[str | None, typer.Option(
        "--names", help="The players' names to draw from, separated by commas (default: "
        "Sim-Ada, Sim-Bo ...: names no table uses, so a folder mixing simulated and real "
        "games keeps them apart).", show_default=False)] = None,
    jobs: JobsOption = None,
    board: BoardOption = None,
    **flags: bool | None,
) -> None:
    """Write simulated games: complete and legal, played by a plain random player.

    Each log records the facts of chance its game needs (what was dealt, drawn or rolled)
    and a checkpoint after every period, so `asara validate` confirms every point. For
    trying the tool, tests and benchmarks. A game takes a few hundredths of a second on each
    core; a progress bar shows on stderr when it is a terminal. Options named after a game
    are that game's only.

    Example: asara simulate --games 100 --seed 7 --out sims --game yspahan
    """
    played = find_game_option(game_name)
    on = frozenset(name for name, value in flags.items() if value)
    foreign = sorted(on - {f.name for f in played.simulate_flags})
    if foreign:
        raise fail(_("--{option} is not an option of {game}").format(
            option=foreign[0].replace("_", "-"), game=played.name))
    if players is not None and not played.min_players <= players <= played.max_players:
        raise fail(_("--players: {game} is played by {fewest} to {most}").format(
            game=played.name, fewest=played.min_players, most=played.max_players))
    pool = SIM_NAMES if names is None else _names(names)
    if len(pool) < (players or played.max_players):
        most = players or played.max_players
        raise fail(ngettext("--names: {n} names for games of up to {most} player",
                            "--names: {n} names for games of up to {most} players",
                            most).format(n=len(pool), most=most))
    plan = _Plan(out_dir, games, seed, players, played.key, on, pool,
                 load_board(board, played.key),
                 STANDARD if board is None else str(board.resolve()))
    output_folder(out_dir)  # made without following a link: a planted one is refused
    for _done in in_chunks(partial(_write_games, plan), range(games), CHUNK, jobs,
                           _("simulating")):
        pass
    # TRANSLATORS: English says "games" whatever the count (as it always has)
    err().print(ngettext("{n} games written to {path}", "{n} games written to {path}",
                         games).format(n=games, path=show_path(out_dir)), soft_wrap=True)


def _flags() -> list[tuple[str, Any]]:
    """One switch per game's simulation flag (a name two games share is one switch)."""
    found: dict[str, Any] = {}
    for g in all_games():
        for f in g.simulate_flags:
            found.setdefault(f.name, Annotated[bool | None, typer.Option(
                f"--{f.name.replace('_', '-')}", help=f"{g.name}: {f.help}",
                show_default=False)])
    return list(found.items())


simulate = with_options(_simulate, _flags())


def _names(text: str) -> tuple[str, ...]:
    """``--names``: names separated by commas, each a name a log can hold."""
    names = tuple(" ".join(n.split()) for n in text.split(","))
    for n in names:
        hidden = hidden_character(n)
        if not n or hidden is not None:
            raise fail(_("--names: a name is empty") if not n else
                       _("--names: a name holds the control character {character}").format(
                           character=hidden))
    twice = same_name(names)
    if twice:
        raise fail(_("--names: {first} and {second} are the same player (names are compared "
                     "ignoring case)").format(first=repr(twice[0]), second=repr(twice[1])))
    return names


class _Plan(Struct, frozen=True):
    """What every game of a run shares (handed to the worker processes)."""

    out_dir: Path
    games: int
    seed: int
    players: int | None
    game: str  # the registry's key
    flags: frozenset[str]
    names: tuple[str, ...]
    rules: Any
    board: str  # as the logs' headers name it: "standard", or the profile's resolved path


def _write_games(plan: _Plan, numbers: Sequence[int]) -> None:
    """Simulate and write games ``numbers`` (from 0) of the plan. Game ``i`` depends on the
    seed and ``i`` only, so any split gives the same files."""
    played = game(plan.game)
    width = max(4, len(str(plan.games)))
    start = dt.date(2026, 1, 1)
    counts = played.max_players - played.min_players + 1
    for i in numbers:
        n = plan.players or played.min_players + (plan.seed + i) % counts
        setup, events = played.simulate(plan.rules, plan.seed * 1_000_003 + i, n, plan.flags,
                                        plan.names)
        header = LogHeader(setup, plan.board, (start + dt.timedelta(days=i % 3650)).isoformat(),
                           "simulated", f"asara simulate --seed {plan.seed}, game {i + 1}",
                           game=played.key)
        output_folder(plan.out_dir, make=False)  # still no link, game after game
        write_file(plan.out_dir / f"game-{i + 1:0{width}d}.toml",
                   log_to_text(header, events), follow_link=False)
