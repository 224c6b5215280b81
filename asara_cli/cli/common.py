"""What every command shares: the two consoles, the --board option, errors to exit codes,
reading and replaying a log."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar, get_type_hints

import typer
from msgspec import Struct
from typer.core import TyperCommand

from asara_cli.cli.clickish import Context, IntParamType, IntRange, Parameter, ParamType
from asara_cli.cli.spoken import Spoken, WordGroup
from asara_cli.core.i18n import _
from asara_cli.core.shown import show_path
from asara_cli.core.words import number
from asara_cli.errors import AsaraError, Refused
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import GameLog, load_log_board, read_log_text
from asara_cli.render.wrap import Writer

if TYPE_CHECKING:
    from asara_cli.games.base import SomeGame

P = ParamSpec("P")
R = TypeVar("R")

EXIT_OK = 0
EXIT_VIOLATION = 1
EXIT_INPUT = 2


def out() -> Writer:
    """Data for stdout: markup off (a name is never a style), file text escaped, lines
    broken between words (render/wrap.py)."""
    return Writer()


def err() -> Writer:
    """People-talk for stderr, escaped and wrapped the same way."""
    return Writer(stderr=True)


def print_json(data: Any) -> None:
    from asara_cli.render.safe import json_text

    typer.echo(json_text(data))


def word_group(name: str, *, completion: bool = False, **more: Any) -> typer.Typer:
    """A group whose commands are read in every language, its help on no words, -h, --help."""
    return typer.Typer(name=name, cls=WordGroup, no_args_is_help=True,
                       add_completion=completion, pretty_exceptions_enable=False,
                       context_settings={"help_option_names": ["-h", "--help"]}, **more)


def add_command(app: typer.Typer, name: str, fn: Callable[..., Any]) -> None:
    """Register ``fn`` as the command ``name``, each docstring paragraph one line of help
    (Typer 0.28 keeps the line breaks, then wraps: a word or two alone on a line)."""
    app.command(name, cls=_WholeNumbers, help=help_text(fn.__doc__ or ""))(
        guarded(resolved(fn)))


def resolved(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn`` with its annotations evaluated once: Typer evaluates each text annotation
    every time it reads the parameters (twice, a compile each)."""
    fn.__annotations__ = get_type_hints(fn, include_extras=True)
    return fn


class _Whole(IntParamType):
    """A whole number read as every number word is (core/words.number, a minus allowed):
    Click's ``int`` takes Arabic-Indic and full-width digits, ``+2``, `` 2`` and ``2_0``."""

    def convert(self, value: Any, param: Parameter | None, ctx: Context | None) -> Any:
        if isinstance(value, str):
            n = number(value.removeprefix("-"))
            if n is None:
                self.fail(_("{value} is not a whole number (digits 0-9)").format(
                    value=repr(value)), param, ctx)
            value = -n if value.startswith("-") else n
        return super().convert(value, param, ctx)


class _WholeRange(_Whole, IntRange):
    """:class:`_Whole` within a range (``min=``, ``max=`` on the option)."""


class _WholeNumbers(Spoken, TyperCommand):
    """A command whose whole-number parameters read their words as :class:`_Whole`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for p in self.params:
            p.type = _whole(p.type)


def _whole(kind: ParamType) -> ParamType:
    if isinstance(kind, IntRange) and not isinstance(kind, _Whole):
        return _WholeRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    if type(kind) is IntParamType:
        return _Whole()
    return kind


def help_text(doc: str) -> str:
    """A docstring's paragraphs, each on one line (the terminal wraps them)."""
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n"))


def with_options(fn: Callable[..., Any], extra: Sequence[tuple[str, Any]]) -> Any:
    """``fn`` (ending in ``**options``) as a command with the options ``extra`` (a name and
    its ``Annotated`` type each) too: those the games add (filters, simulation switches)."""
    params = [p for p in inspect.signature(fn, eval_str=True).parameters.values()
              if p.kind is not inspect.Parameter.VAR_KEYWORD]
    annotations = {p.name: p.annotation for p in params}
    for name, hint in extra:
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                        annotation=hint))
        annotations[name] = hint

    def command(**kwargs: Any) -> Any:
        return fn(**kwargs)

    command.__doc__ = fn.__doc__
    command.__name__ = fn.__name__.lstrip("_")
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {**annotations, "return": None}
    return command


def fail(message: str, code: int = EXIT_INPUT) -> typer.Exit:
    err().print(_("error: {message}").format(message=message), soft_wrap=True)
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

GameOption = Annotated[
    str | None,
    typer.Option("--game", "-g", help="The game (default: ASARA).", show_default=False),
]


def find_game_option(name: str | None) -> SomeGame:
    """The game ``--game`` names (``None``: the default); an unknown one is exit 2."""
    from asara_cli.games import UnknownGame, find_game

    try:
        return find_game(name)
    except UnknownGame as e:
        raise fail(f"--game: {e}") from None


JsonOption = Annotated[
    bool, typer.Option("--json", help="Print plain JSON to stdout instead of tables.")
]


class Replayed(Struct, frozen=True):
    """A log as read, the board it is judged on, and its replay (the game's own result)."""

    log: GameLog
    board: Any
    result: Any
    text: str = ""  # the log's text as read: a recording appends to it without reading again

    @property
    def game(self) -> SomeGame:
        return self.log.header.rules


def replay_file(path: Path, board: Path | None, upto: int | None = None) -> Replayed:
    """A log read and replayed (``upto``: its first events only) on --board, else its own."""
    log, text = read_log_text(path)
    # a profile of another game is refused: its board is not this game's
    rules = load_board(board, log.header.game) if board is not None else load_log_board(log)
    events = log.events if upto is None else log.events[:upto]
    return Replayed(log, rules, log.header.rules.replay(rules, log.header.setup, events),
                    text)


def guarded(fn: Callable[P, R]) -> Callable[P, R]:
    """The boundary of every command: the project's errors and unreadable or unwritable
    files become their lines on stderr and their exit code."""
    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except AsaraError as e:
            raise shown(e) from None
        except OSError as e:  # a file or folder that cannot be read or written
            where = f"{show_path(str(e.filename))}: " if e.filename else ""
            raise fail(f"{where}{e.strerror or e}") from None

    wrapper.__guarded__ = True  # type: ignore[attr-defined]
    return wrapper


def shown(e: AsaraError) -> typer.Exit:
    """One of the project's errors printed, and the exit with its code."""
    console = err()
    if isinstance(e, Refused):
        console.print(_("refused: {message}").format(message=e.headline), soft_wrap=True)
        for line in e.lines:
            console.print(f"  {line}", soft_wrap=True)
    else:
        console.print(_("error: {message}").format(message=e), soft_wrap=True)
    return typer.Exit(e.exit_code)
