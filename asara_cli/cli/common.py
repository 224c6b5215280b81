"""What every command shares: the two consoles, the --board option, errors to exit codes,
reading and replaying a log."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console

from asara_cli.core.values import frozen
from asara_cli.errors import InputError
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import Replay, replay
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import GameLog, load_log_board, read_log
from asara_cli.render.wrap import TableConsole

P = ParamSpec("P")
R = TypeVar("R")

EXIT_OK = 0
EXIT_VIOLATION = 1
EXIT_INPUT = 2


def out() -> Console:
    """Data for stdout. Markup off: player names are printed as typed, never as styles;
    control characters from files are shown escaped (render/safe.py); text is broken between
    words at the terminal's width (render/wrap.py)."""
    return TableConsole(markup=False, highlight=False, emoji=False)


def err() -> Console:
    """People-talk for stderr, escaped and wrapped the same way."""
    return TableConsole(stderr=True, markup=False, highlight=False, emoji=False)


def print_json(data: Any) -> None:
    from asara_cli.render.safe import json_text

    typer.echo(json_text(data))


def add_command(app: typer.Typer, name: str, fn: Callable[..., Any]) -> None:
    """Register ``fn`` as the command ``name``, each paragraph of its docstring as one line
    of help: Typer 0.28 keeps a docstring's line breaks and then wraps to the terminal, which
    at 80 columns leaves a word or two alone on a line."""
    app.command(name, help=help_text(fn.__doc__ or ""))(fn)


def help_text(doc: str) -> str:
    """A docstring's paragraphs, each on one line (the terminal wraps them)."""
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n"))


def fail(message: str, code: int = EXIT_INPUT) -> typer.Exit:
    err().print(f"error: {message}", soft_wrap=True)
    return typer.Exit(code)


BoardOption = Annotated[
    Path | None,
    typer.Option(
        "--board",
        help="A board profile TOML file with your table's printed numbers "
        "(default: the packaged profile; see `asara board`).",
        show_default=False,
    ),
]

JobsOption = Annotated[
    int | None,
    typer.Option("--jobs", "-j", min=1, max=64, help="Worker processes (default: one per "
                 "core; a few files are worked in this process). The output is the same "
                 "whatever the number.", show_default=False),
]

BggIdOption = Annotated[
    int | None,
    typer.Option("--bgg-id", min=1, help="With --format bgstats: the game's BoardGameGeek id, "
                 "so BG Stats matches the game at once (asara-cli does not know it; without "
                 "it the app matches the name once and remembers).", show_default=False),
]

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print plain JSON to stdout instead of tables.")
]


@frozen
class Replayed:
    """A log as read, the board it is judged on, and its replay."""

    log: GameLog
    board: Board
    result: Replay


def replay_file(path: Path, board: Path | None) -> Replayed:
    """Read a log and replay it; the board is --board if given, else the log's own."""
    log = read_log(path)
    rules = load_board(board) if board is not None else load_log_board(log)
    return Replayed(log, rules, replay(rules, log.header.setup, log.events))


def guarded(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn the project's input errors, and files the system cannot read or write, into one
    line on stderr and exit code 2."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except InputError as e:
            raise fail(str(e)) from None
        except OSError as e:  # a file or folder that cannot be read or written
            where = f"{e.filename}: " if e.filename else ""
            raise fail(f"{where}{e.strerror or e}") from None

    return wrapper
