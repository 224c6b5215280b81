"""PEBBLES at the table: ``asara new LOG --game pebbles -p A -p B`` and ``asara place WELL``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from asara_cli.cli.common import GameOption, find_game_option
from asara_cli.cli.grammar import REQUIRED, MoveKind, Said, Word, command
from asara_cli.cli.recording import (
    DRY,
    LOG,
    Move,
    Refused,
    WordError,
    create,
    errors,
    player_names,
    record_move,
    remember_new,
    say,
)
from asara_cli.cli.transaction import Position
from asara_cli.core.shown import show_path
from asara_cli.logfile.game import LogHeader
from toygame.rules import Place, State

KEY = "pebbles"
COMMANDS: tuple[str, ...] = ("new", "place", "check")


def new(
    log: Annotated[Path, typer.Argument(help="The new game log (TOML).", show_default=False)],
    players: Annotated[list[str], typer.Option("--player", "-p", help="A player, in seat "
                                               "order: 2 to 4 times.", show_default=False)],
    game: GameOption = None,
) -> None:
    """Start a PEBBLES game log.

    Example: asara new game.toml --game pebbles -p Ann -p Ben
    """
    from toygame.rules import Setup

    with errors():
        if game is not None and find_game_option(game).key != KEY:
            raise WordError(f"--game {game}: this `new` starts a PEBBLES game")
        names = player_names(players)
        if not 2 <= len(names) <= 4:
            raise WordError(f"{len(names)} players: PEBBLES is for 2 to 4 [P1]")
        create(log, LogHeader(Setup(names), game=KEY))
        say(f"new PEBBLES game in {show_path(log)}: {', '.join(names)}")
        remember_new(log)


def _place(position: Position, said: Said) -> Place:
    state: State = position.state
    seat = state.to_move
    if seat is None:  # no one to move: a rule says no, whoever would have typed it
        raise Refused(f"a pebble in well {said.well}", ["the game is over [P1]",
                                                        "nothing was written"])
    return Place(state.players[seat], said.well)


def _record(ctx: typer.Context, said: Said, make: Callable[[Position, Said], Place]) -> Move:
    from asara_cli.games import game

    return record_move(ctx, game(KEY), said.log, said.dry_run, lambda p: make(p, said))


#: The one move, declared once (cli/grammar.py): its command is made from it.
PLACE = MoveKind[Position](
    "place", """The player to move places a pebble in a well (P2, P3).

    Example: asara place 3
    """,
    (Word("well", int, "The well the pebble goes into (P3).", default=REQUIRED), LOG, DRY),
    _place)
place = command(PLACE, _record)


def register(app: typer.Typer, only: str | None = None) -> None:
    from asara_cli.cli.recording import register

    register(app, [("new", new), ("place", place)], [("place", place)], only,
             "asara check place 3")
