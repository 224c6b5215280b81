"""PEBBLES at the table: ``asara new LOG --game pebbles -p A -p B`` and ``asara place WELL``."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

import typer

from asara_cli.cli.common import GameOption, add_command, find_game_option, replay_file
from asara_cli.cli.recording import (
    DryOption,
    LogOption,
    Refused,
    WordError,
    create,
    errors,
    lock,
    must_exist,
    player_names,
    remember_new,
    say,
)
from asara_cli.core.shown import show_path
from asara_cli.logfile.game import LogHeader
from asara_cli.logfile.record import append, default_log
from toygame.rules import Place, Played

KEY = "pebbles"
COMMANDS: tuple[str, ...] = ("new", "place")


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


def place(
    well: Annotated[int, typer.Argument(help="The well the pebble goes into (P3).",
                                        show_default=False)],
    log: LogOption = None,
    dry_run: DryOption = False,
) -> None:
    """The player to move places a pebble in a well (P2, P3).

    Example: asara place 3
    """
    from toygame import GAME
    from toygame.rules import check

    with errors():
        path, _ = default_log(log)
        must_exist(path)
        with contextlib.nullcontext() if dry_run else lock(path):
            read = replay_file(path, None)
            played: Played = read.result
            if read.log.header.game != KEY or played.stopped is not None:
                raise Refused(f"{show_path(path)} is no legal PEBBLES game",
                              ["asara validate says why"])
            seat = played.state.to_move(played.board)
            mover = played.setup.players[seat if seat is not None else 0]
            event = Place(mover, well)
            number = len(read.log.events) + 1
            problems = check(played.board, played.state, number, event)
            if problems:
                raise Refused(GAME.move_text(played.board, event),
                              [f"{v.message} [{v.rule}]" for v in problems]
                              + ["nothing was written" if not dry_run else "(a check only)"])
            line = GAME.record_line(played.board, played.setup, (*read.log.events, event))
            assert line is not None  # checked legal above
            if dry_run:
                say(f"legal, not recorded: {line[0].split('. ', 1)[1]}")
                return
            append(path, event, game_key=KEY, read=(read.log, read.text))
        say(line[0])


def register(app: typer.Typer, only: str | None = None) -> None:
    for name, fn in (("new", new), ("place", place)):
        if only is None or only == name:
            add_command(app, name, fn)
