"""The one recording transaction, for every game: the words of a move become an event, the
event is checked against the position, carried out, appended through the careful writer and
described (the move line, a period's end).

A game's command layer only turns words into an event (``make``); the rest is here, reached
through the game's :class:`~asara_cli.games.recording.Recording`. Nothing here prints or
knows Typer: :func:`record` returns a :class:`Recorded` value, and raises the project's
errors (a refusal, unusable words); the one-shot commands (``cli/recording.py``,
:func:`~asara_cli.cli.recording.record_move`) print it, and a session that keeps the
position in memory can call :func:`record` with it as well.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

from msgspec import Struct

from asara_cli.cli.common import replay_file
from asara_cli.core.findings import Violation
from asara_cli.core.i18n import _
from asara_cli.core.shown import show_path
from asara_cli.errors import Asked, InputError, Refused, WordError
from asara_cli.games.base import SomeGame
from asara_cli.logfile.game import GameLog, describe_violation
from asara_cli.logfile.record import append

E = TypeVar("E")


class Position(Struct, frozen=True):
    """A log as read and replayed to its end, legal: what a move is typed against.

    ``state`` is the game's position after the last event (its ``Recording.position``);
    ``text`` the log's text as read, so that an append adds to it without reading again;
    ``asking``: whether a player can be asked what a move's words leave out (the table
    session at a terminal), so that a game may ask a decision it would otherwise refuse by
    its rules (ASARA's deal of the Caliph's gifts due before a year's first move)."""

    path: Path
    log: GameLog
    text: str
    board: Any
    state: Any
    asking: bool = False

    @property
    def game(self) -> SomeGame:
        return self.log.header.rules

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players_of(self.log.header.setup)


class Typed(Struct, Generic[E], frozen=True):
    """An event as a game's words gave it, with notes on how they were read (which space
    an amount was taken to mean): a maker may return this instead of the bare event."""

    event: E
    notes: tuple[str, ...] = ()


class Recorded(Struct, frozen=True):
    """What :func:`record` did: the event, what it did (the game's own value), the move line
    (numbered when written), what the table is shown after it (a period's end), the
    referee's warnings, and the log as written (``None`` for a check only)."""

    event: Any
    done: Any
    state: Any  # the position after the move
    line: str
    screens: tuple[Any, ...]
    warnings: tuple[str, ...] = ()
    written: GameLog | None = None


#: A game's words turned into an event against a position (the game's command layer).
Maker = Callable[[Position], Any]


def load(game: SomeGame, path: Path, command: str = "move") -> Position:
    """The log at ``path``, replayed: a position to record into. Refused when the log is
    illegal from some event; unusable when it is another game's (``command``: the command
    that was typed, for the message)."""
    read = replay_file(path, None)
    played = read.log.header.rules
    if played.key != game.key:
        raise InputError(_("a game of {played}: `{command}` records a move of {game}").format(
            played=played.name, command=command, game=game.name), path=str(path))
    result = read.result
    if result.stopped is not None:
        first = [describe_violation(read.log, v) for v in result.violations if not v.later]
        shown = show_path(path)
        raise Refused(_("{path} is illegal from event {event}; fix it first (`asara validate "
                        "{path}`, or `asara undo`)").format(path=shown, event=result.stopped),
                      first[:3])
    state = game.recording().position(result)
    return Position(path, read.log, read.text, read.board, state)


def still(game: SomeGame, state: Any) -> str | None:
    """Who is still to move after a refusal (the refusal says so, so that the next move
    typed is not taken for the wrong player's); ``None`` when nobody is to move."""
    who: str | None = game.recording().to_move(state)
    return who


def _still_said(said: str, who: str | None) -> str:
    """A refusal of words, ending with whose turn it still is (``who``, from :func:`still`)."""
    if who is None:
        return said
    if said.endswith(("?", ".")):  # a question ends its sentence
        return _("{said} It is still {player}'s turn.").format(said=said, player=who)
    return _("{said}; it is still {player}'s turn").format(said=said, player=who)


def _nothing_written(dry: bool, who: str | None) -> str:
    """The last line of a refused move: nothing was written (or it was a check only), and
    whose turn it still is."""
    if who is None:
        return _("(a check only)") if dry else _("nothing was written")
    said = (_("(a check only); it is still {player}'s turn") if dry
            else _("nothing was written; it is still {player}'s turn"))
    return said.format(player=who)


def record(position: Position, make: Maker, *, dry: bool = False,
           tell: Callable[[str], None] | None = None) -> Recorded:
    """Record the move ``make`` types against ``position``: check it, carry it out and,
    unless ``dry``, append it to the log (the caller holds the log's lock, and ``position``
    was read under it). ``tell`` hears the notes on how the words were read as they come.

    Raises :class:`~asara_cli.errors.WordError` for words that do not make a move (saying
    whose turn it still is) and :class:`~asara_cli.errors.Refused` for a move the rules
    forbid; nothing is written then."""
    game = position.game
    rules = game.recording()
    board, state = position.board, position.state
    turn = still(game, state)
    try:
        made = make(position)
    except Asked as q:  # a decision to ask (a session asks it): refused, it says whose turn
        raise q.reworded(_still_said(str(q), turn)) from None
    except WordError as e:  # unusable words: still say whose turn it is
        raise WordError(_still_said(str(e), turn)) from None
    event = made.event if isinstance(made, Typed) else made
    if isinstance(made, Typed) and tell is not None:
        for note in made.notes:
            tell(note)
    findings: tuple[Violation, ...] = tuple(rules.check(board, state, event))
    problems = [v for v in findings if v.is_error]
    if problems:
        raise Refused(rules.move_text(board, event),
                      [f"{v.message} [{v.rule}]" for v in problems]
                      + [_nothing_written(dry, turn)])
    warnings = tuple(f"{v.message} [{v.rule}]" for v in findings if v.severity == "warning")
    done = rules.apply(board, state, event)
    line = rules.result_line(board, state, done, event, not dry)
    if dry:
        return Recorded(event, done, rules.after(done), line, (), warnings)
    written = append(position.path, event, read=(position.log, position.text))
    return Recorded(event, done, rules.after(done), line, rules.period_end(board, state, done),
                    warnings, written)


def described(game: SomeGame, board: Any, setup: Any, events: Sequence[Any]
              ) -> tuple[str, tuple[Any, ...]] | None:
    """What :func:`record` says of the last of ``events`` (a move brought back by ``redo``):
    its move line, numbered, and what the table is shown after it; ``None`` when the events
    before it are not legal, or it is not legal after them."""
    rules = game.recording()
    before = game.replay(board, setup, events[:-1])
    if before.stopped is not None:
        return None
    state, event = rules.position(before), events[-1]
    if any(v.is_error for v in rules.check(board, state, event)):
        return None
    done = rules.apply(board, state, event)
    return (rules.result_line(board, state, done, event, True),
            rules.period_end(board, state, done))
