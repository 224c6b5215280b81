"""The one recording transaction, for every game: a move's words become an event, checked
against the position, carried out, appended through the careful writer and described.

A game's command layer only turns words into an event (``make``); the rest is here, through
the game's :class:`~asara_cli.games.recording.Recording`. Nothing here prints or knows
Typer: the one-shot commands (``cli/recording.py``) and the session print what it returns.
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
    """A legal log as read and replayed to its end: what a move is typed against. ``text``:
    the log as read (an append adds to it); ``asking``: a player can be asked what a move's
    words leave out (a session at a terminal), not refused."""

    path: Path
    log: GameLog
    text: str
    board: Any
    state: Any
    asking: bool = False

    @property
    def game(self) -> SomeGame:
        return self.log.header.rules


class Typed(Struct, Generic[E], frozen=True):
    """An event with notes on how its words were read (which space an amount meant)."""

    event: E
    notes: tuple[str, ...] = ()


class Recorded(Struct, frozen=True):
    """What :func:`record` did: the event, the game's value of what it did, the move line,
    the screens after it (a period's end), warnings, the log written (``None``: a check)."""

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
    """The log at ``path`` replayed, to record into: refused when illegal, unusable when
    another game's (``command``: as typed, for the message)."""
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


def _still_said(said: str, who: str | None) -> str:
    """A refusal of words, ending with whose turn it still is (the next move typed is not
    taken for the wrong player's)."""
    if who is None:
        return said
    if said.endswith(("?", ".")):  # a question ends its sentence
        return _("{said} It is still {player}'s turn.").format(said=said, player=who)
    return _("{said}; it is still {player}'s turn").format(said=said, player=who)


def _nothing_written(dry: bool, who: str | None) -> str:
    """The last line of a refused move: nothing written (or a check), and whose turn."""
    if who is None:
        return _("(a check only)") if dry else _("nothing was written")
    said = (_("(a check only); it is still {player}'s turn") if dry
            else _("nothing was written; it is still {player}'s turn"))
    return said.format(player=who)


def record(position: Position, make: Maker, *, dry: bool = False,
           tell: Callable[[str], None] | None = None) -> Recorded:
    """Record the move ``make`` types against ``position`` (read under the lock the caller
    holds): checked, carried out and, unless ``dry``, appended; ``tell`` hears the notes on
    the words. Raises WordError for words that make no move, Refused for a move the rules
    forbid; nothing is written then."""
    rules = position.game.recording()
    board, state = position.board, position.state
    turn: str | None = rules.to_move(state)
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
    """What :func:`record` says of the last of ``events`` (``redo``): its move line and
    screens; ``None`` when it or the events before it are not legal."""
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
