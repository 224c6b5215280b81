"""What recording at the table shares across games (a game's own ``new`` and moves live in
its package and use these): the log option, errors and refusals, the lock, a line for the
table; and the game-neutral commands ``use``, ``undo`` and ``redo``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from msgspec import Struct

from asara_cli.cli.common import GameOption, add_command, err, guarded, help_text, out
from asara_cli.cli.grammar import REQUIRED, Said, Word
from asara_cli.cli.spoken import WordGroup
from asara_cli.core.findings import Violation
from asara_cli.core.i18n import N_, _, pgettext
from asara_cli.core.names import hidden_character, same_name
from asara_cli.core.shown import show_path
from asara_cli.core.words import number as read_number
from asara_cli.errors import AsaraError, Asked, InputError
from asara_cli.errors import Refused as Refused  # the games' commands take them from here
from asara_cli.errors import WordError as WordError

if TYPE_CHECKING:
    from asara_cli.cli.transaction import Maker, Recorded
    from asara_cli.games.base import SomeGame

from asara_cli.logfile.board import STANDARD
from asara_cli.logfile.game import GameLog, LogHeader, load_log_board, read_log
from asara_cli.logfile.record import (
    ENV_LOG,
    LOCK_TIMEOUT,
    STATE_FILE,
    create_log,
    default_log,
    locked,
    remember,
)

LogOption = Annotated[
    Path | None,
    typer.Option("--log", "-l", help=f"The game log to record into (default: ${ENV_LOG}, "
                 "else the one `asara use` remembered).", show_default=False),
]
#: The words every game's ``new`` takes besides its own, in the order each lists them.
NEW_LOG = Word("log", Path, "The new game log (TOML); must not exist yet.", default=REQUIRED)
NAME_MOVERS = Word(
    "name_movers", bool, "Every move must name its mover with -p NAME, and a move for anyone "
    "but the player on turn is refused: a move typed for the wrong player cannot shift the "
    "seats (the header's movers = \"named\").", ("--name-movers",), default=False)
DATE = Word("date", str | None, "When the game is played: YYYY-MM-DD or today.", ("--date",))
PLACE = Word("place", str | None, "Where it is played.", ("--place",))
USE = Word("use", Annotated[bool, typer.Option(
    "--use/--no-use", help=f"Remember it as the log to record into ({STATE_FILE}).")], "",
    default=True)
GAME = Word("game", GameOption, "")
#: The log and --dry-run, as every move of every game takes them (cli/grammar.py).
LOG = Word("log", LogOption, "")
DRY = Word("dry_run", bool, "Only say whether the move is legal; write nothing (the same as "
           "`asara check ...`).", ("--dry-run", "-n"), default=False)


@contextlib.contextmanager
def errors() -> Iterator[None]:
    """While recording: a file the system cannot read or write ends in one line that says
    the log was not changed (the project's own errors go on to ``guarded``)."""
    try:
        yield
    except OSError as e:  # e.g. a full disk or a read-only folder while writing
        where = f"{show_path(str(e.filename))}: " if e.filename else ""
        raise InputError(_("{where}{error}; the log was not changed").format(
            where=where, error=e.strerror or e)) from None


def must_exist(path: Path) -> None:
    """Before locking: a missing log gets its message, and no lock file is left behind."""
    not_a_folder(path)
    if not os.path.lexists(path):
        raise InputError(_("no such file (start a game with `asara new`)"), path=str(path))


def not_a_folder(path: Path) -> None:
    if os.path.isdir(path) or not path.name:
        raise InputError(_("is a folder, not a game log; name a file such as game.toml"),
                         path=str(path))


def lock(path: Path) -> contextlib.AbstractContextManager[None]:
    """The log's lock; says at once when another recorder holds it."""
    def waiting() -> None:
        err().print(_("another asara is recording into {path}; waiting for it to finish "
                      "(up to {seconds} s)").format(path=show_path(path),
                                                    seconds=f"{LOCK_TIMEOUT:.0f}"),
                    soft_wrap=True)

    return locked(path, waiting=waiting)


def say(text: str) -> None:
    """A line for the table on stdout, broken between words to the terminal's width."""
    out().print(text)


def answered(answer: str) -> str:
    """An answer to a question the table is asked; an empty one is asked again."""
    if not answer:
        raise WordError(_("type an answer (Ctrl-C abandons the move)"))
    return answer


def player_names(players: Sequence[str]) -> tuple[str, ...]:
    """The players given to ``new`` (``-p``, in seat order), spaces tidied: no control
    character, none empty, no two the same player by the name rule (core/names.py)."""
    for p in players:
        hidden = hidden_character(p)
        if hidden is not None:
            raise WordError(_("a player's name holds the control character {character}; "
                              "type the name plainly").format(character=hidden))
    names = tuple(" ".join(p.split()) for p in players)
    if any(not n for n in names):
        raise WordError(_("a player's name cannot be empty"))
    twice = same_name(names)
    if twice:
        raise WordError(_("two players are named {name}; tell them apart (e.g. Tina and "
                          "TinaB)").format(name=repr(twice[1])))
    return names


def played_on(date: str | None) -> str | None:
    """``--date``: a day (YYYY-MM-DD) or ``today``, in English or in the language in use
    (German ``heute``: its catalogue's word); the log keeps the day."""
    if date is None:
        return None
    today = ("today", pgettext("typed word", "today").casefold())
    when = dt.date.today().isoformat() if date.casefold() in today else date
    try:
        dt.date.fromisoformat(when)
    except ValueError:
        raise WordError(_("--date: expected YYYY-MM-DD or today, got {date}").format(
            date=repr(date))) from None
    return when


def new_seats(w: Said, first: str, read: Callable[[str, Sequence[str]], str], game: str
              ) -> tuple[tuple[str, ...], int, Any]:
    """What every game's ``new`` reads first: the players, the seat the word ``first``
    names (else the first), the board profile's rules; the date checked."""
    from asara_cli.logfile.board import load_board

    names = player_names(w.players)
    named = w.get(first)
    seat = 0 if named is None else names.index(read(named, names))
    rules = load_board(w.board, game)  # a profile of another game is refused
    played_on(w.date)
    return names, seat, rules


def new_game(w: Said, game: str, setup: Any, problems: Sequence[Violation],
             said: Callable[[], None]) -> None:
    """A game's ``new``: the log written with ``setup`` unless the rules find ``problems``,
    what it holds said (``said``), and the log remembered (``--use``)."""
    # the header names the board profile by its path relative to the log's folder
    board = STANDARD if w.board is None else os.path.relpath(w.board.resolve(),
                                                              w.log.resolve().parent)
    header = LogHeader(setup, board, played_on(w.date), w.place,
                       game=game, movers="named" if w.name_movers else "turn")
    if problems:
        raise Refused(_("not started: {path}").format(path=show_path(w.log)),
                      [f"{v.message} [{v.rule}]" for v in problems])
    create(w.log, header)
    said()
    if w.use:
        remember_new(w.log)


def who_begins(given: Mapping[str, Any], first: str,
               setup: Callable[[Said], tuple[Any, Any]],
               check: Callable[[Any, Any], Sequence[Violation]], question: str,
               read: Callable[[str, Sequence[str]], str]) -> Asked | None:
    """At the table, before ``new`` runs: ``question`` asks who begins when the word
    ``first`` is not given and ``check`` takes the rest of the setup (the answer becomes
    ``--first=NAME``). ``None``: nothing to ask, or words ``new`` refuses (it says why)."""
    if given.get(first) is not None:
        return None
    try:
        rules, made = setup(Said(dict(given)))
    except (AsaraError, OSError):
        return None
    if check(rules, made):
        return None
    names = made.players
    said = question.format(players=", ".join(names))
    return Asked(said, "", said, lambda answer: [f"--{first}={read(answer, names)}"])


def create(log: Path, header: LogHeader) -> None:
    """A new log with no events, never over an existing file."""
    not_a_folder(log)
    with lock(log):
        create_log(log, header)


def remember_new(log: Path) -> None:
    """Remember a new log as the one to record into, and say so (and when $ASARA_LOG wins);
    a failure says the log was created and how to record into it anyway."""
    shown = show_path(log)
    try:
        remember(log)
    except (OSError, InputError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise InputError(_("{path} was created, but it could not be remembered as the log "
                           "to record into ({state}: {why}); record with --log {path} or "
                           "set {variable}").format(path=shown, state=STATE_FILE, why=why,
                                                    variable=ENV_LOG)) from None
    env = os.environ.get(ENV_LOG)
    if env and Path(env) != log:
        note = _("recording into {path} (remembered in {state}); but {variable}={value} is "
                 "set and wins: unset it, or use --log")
    else:
        note = _("recording into {path} (remembered in {state})")
    err().print(note.format(path=shown, state=STATE_FILE, variable=ENV_LOG, value=env),
                soft_wrap=True)


def mover(said: Said, names: Sequence[str], seat: int | None, named: bool,
          read: Callable[[str, Sequence[str]], str], over: str) -> str:
    """Who moves: the player the words name (read by ``read``), else the one on turn
    (``seat``; ``None`` once the game is over, refused with ``over``)."""
    player = said.get("player")
    if player is not None:
        return read(player, names)
    if seat is None:
        raise Refused(over, [])
    if named:
        raise WordError(_("this game names every mover (started with --name-movers): add "
                          "-p NAME"))
    return names[seat]


def name_numbers(items: Sequence[str], names: Sequence[str],
                 find: Callable[[str, Sequence[str]], str]) -> list[tuple[str, int]]:
    """``Tina=34 Paul=30`` (or ``Tina:34``) as (player, number) pairs, each player named
    once, a name as ``find`` reads it among ``names`` (a checkpoint's words)."""
    found: list[tuple[str, int]] = []
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            name, _colon, value = item.rpartition(":")
        number = read_number(value.strip())
        if number is None:
            raise WordError(_("expected NAME=NUMBER, got {item}").format(item=repr(item)))
        who = find(name, names)
        if any(n == who for n, _number in found):
            raise WordError(_("{player} is given twice").format(player=who))
        found.append((who, number))
    return found


# --- a move recorded by a one-shot command ----------------------------------------------------


def is_check(ctx: typer.Context) -> bool:
    return isinstance(ctx.obj, dict) and bool(ctx.obj.get("check"))


def _check_only(ctx: typer.Context) -> None:
    ctx.obj = {"check": True}


class Move(Struct, frozen=True):
    """What a move command's words made, recorded by the caller: the one-shot command line
    (:func:`carry_out`) or the table session against the position it keeps."""

    game: SomeGame
    make: Maker
    dry: bool
    log: Path | None
    command: str = "move"


def record_move(ctx: typer.Context, game: SomeGame, log: Path | None, dry_run: bool,
                make: Maker) -> Move:
    return Move(game, make, dry_run or is_check(ctx), log, ctx.info_name or "move")


@guarded
def carry_out(result: object, **_params: object) -> None:
    """The ``asara`` group's result callback: a :class:`Move` a command returned, recorded
    under the log's lock (none for a check) through the one transaction, and said."""
    if not isinstance(result, Move):
        return
    from asara_cli.cli.transaction import load, record

    with errors():
        path, _source = default_log(result.log)
        must_exist(path)
        with contextlib.nullcontext() if result.dry else lock(path):
            position = load(result.game, path, result.command)
            done = record(position, result.make, dry=result.dry,
                          tell=lambda note: err().print(_("note: {message}").format(
                              message=note)))
        told(done, result.dry)


def told(done: Recorded, dry: bool) -> None:
    """What a recorded move says to the table: the referee's warnings, the move line, and
    the screen of a period it ended (a check only: that it is legal)."""
    for warning in done.warnings:
        err().print(_("warning: {message}").format(message=warning), soft_wrap=True)
    if dry:
        say(_("legal, not recorded: {move}").format(move=done.line))
        return
    say(done.line)
    for screen in done.screens:
        out().print(screen)


def register(app: typer.Typer, own: Sequence[tuple[str, Callable[..., object]]],
             moves: Sequence[tuple[str, Callable[..., object]]], only: str | None,
             example: str) -> None:
    """Add a game's commands ``own`` and the ``check`` group of its ``moves`` to ``app``, or
    only ``only`` when it is one (a command line builds just what it runs); none to a group
    holding a ``new`` already."""
    held = {c.name for c in app.registered_commands} | {g.name for g in app.registered_groups}
    if "new" in held:
        return
    found = dict(own)
    if only is not None and only in found:
        add_command(app, only, found[only])
        return
    if only != "check":  # the check group alone: its moves are kept by :func:`only_checked`
        for name, fn in own:
            add_command(app, name, fn)
    checker = typer.Typer(name="check", cls=WordGroup, no_args_is_help=True,
                          add_completion=False,
                          context_settings={"help_option_names": ["-h", "--help"]})
    checker.callback(help=help_text(f"""Would this move be legal? Same arguments as the
        move; nothing is written.

        Example: {example}"""))(_check_only)
    for name, fn in moves:
        add_command(checker, name, fn)
    app.add_typer(checker, name="check")


def only_checked(app: typer.Typer, move: str | None) -> None:
    """The ``check`` group of ``app`` with the move ``move`` alone when it is one of them (a
    command line builds just what it runs)."""
    for group in app.registered_groups:
        if group.name == "check" and group.typer_instance is not None:
            held = group.typer_instance.registered_commands
            held[:] = [c for c in held if c.name == move] or held


# --- the game-neutral commands ------------------------------------------------------------------


def use(
    log: Annotated[Path | None, typer.Argument(
        help="The game log to record into from now on (in this folder).",
        show_default=False)] = None,
) -> None:
    """Remember the log to record into (in .asara-state.toml here); no LOG: show it.

    Example: asara use game.toml
    """
    with errors():
        if log is None:
            path, source = default_log(None)
            out().print(_("{path} (from {source})").format(path=show_path(path),
                                                           source=source), soft_wrap=True)
            return
        read_log(log)
        remember(log)
        env = os.environ.get(ENV_LOG)
        out().print(_("recording into {path} (remembered in {state})").format(
            path=show_path(log), state=STATE_FILE), soft_wrap=True)
        if env and Path(env) != log:  # say when $ASARA_LOG wins
            err().print(_("note: {variable}={value} is set and wins over {state}").format(
                variable=ENV_LOG, value=env, state=STATE_FILE), soft_wrap=True)


def changed(said: str, turned: str, log: GameLog, number: int, now: Sequence[Any]) -> str:
    """``undone: Tina buys ...; event #12. Year 1, Tina to move.``: event ``number`` said by
    ``said``, or by ``turned`` when someone is to move once the log holds ``now``."""
    played = log.header.rules
    board = load_log_board(log)
    result = played.replay(board, log.header.setup, now)
    turn = played.turn_text(result)
    return _(turned if turn else said).format(
        move=played.move_text(board, log.events[number - 1]), number=number, turn=turn)


def undo(
    log: LogOption = None,
) -> None:
    """Remove the last event of the log and say what it was.

    Only its text is cut: comments and layout elsewhere stay.

    Example: asara undo
    """
    from asara_cli.logfile.record import undo as undo_log

    with errors():
        path, _source = default_log(log)
        must_exist(path)
        with lock(path):
            before, _removed = undo_log(path)
        say(changed(N_("undone: {move}; event #{number} (`asara redo` brings it back)"),
                    N_("undone: {move}; event #{number}. {turn} (`asara redo` brings it "
                       "back)"), before, len(before.events), before.events[:-1]))


def redo(
    log: LogOption = None,
) -> None:
    """Bring back the last event `asara undo` removed (again and again, newest first).

    Only until the log changes: a move recorded after an undo ends what can be redone.

    Example: asara undo; asara redo
    """
    from asara_cli.logfile.record import redo as redo_log

    with errors():
        path, _source = default_log(log)
        must_exist(path)
        with lock(path):
            after = redo_log(path)
        from asara_cli.cli.transaction import described  # said as a move recorded

        said = described(after.header.rules, load_log_board(after), after.header.setup,
                         after.events)
        if said is None:
            say(changed(N_("redone: {move}; event #{number}"),
                        N_("redone: {move}; event #{number}. {turn}"), after,
                        len(after.events), after.events))
            return
        line, screens = said
        say(_("redone: {move}").format(move=line))
        for screen in screens:
            out().print(screen)


#: The recording commands every game has, added once by the command line.
COMMANDS = {"undo": undo, "redo": redo, "use": use}
