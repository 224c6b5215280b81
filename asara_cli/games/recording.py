"""The recording part of a game's contract: what the one recording transaction
(``asara_cli/cli/transaction.py``) asks of a game to record a move.

A game's command layer turns words into an event; everything after that is the same for
every game: the event is checked against the position, carried out, appended through the
careful writer and described. A game gives the transaction its referee's verdict, the
position after the move, the move line and the period-end screens through
:class:`Recording`; its own values (board, position, event, what a move did) pass through
opaquely.

Pure and standard library only: a game's rules may import this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from asara_cli.core.findings import Violation

if TYPE_CHECKING:
    from rich.console import RenderableType

Board = TypeVar("Board", contravariant=True)
Outcome = TypeVar("Outcome", contravariant=True)
State = TypeVar("State")
Event = TypeVar("Event", contravariant=True)
Done = TypeVar("Done")


class Recording(Protocol[Board, Outcome, State, Event, Done]):
    """How a game's moves are recorded: ``State`` is a position (the state after an event),
    ``Done`` what a move did (the game's result of carrying it out)."""

    def position(self, outcome: Outcome) -> State:
        """The position after the last event of a replay found legal (the game's own
        outcome, as its ``replay`` gives it)."""
        ...

    def to_move(self, state: State) -> str | None:
        """The name of the player to move in ``state``; ``None`` when the game is over (or
        nobody in particular moves next)."""
        ...

    def check(self, board: Board, state: State, event: Event) -> Sequence[Violation]:
        """Everything wrong (and noteworthy) about recording ``event`` now: the referee's
        verdict and what the table must do first (a deal that is due)."""
        ...

    def apply(self, board: Board, state: State, event: Event) -> Done:
        """Carry out ``event`` (checked legal) on ``state``."""
        ...

    def after(self, done: Done) -> State:
        """The position once the move is done (and any period end it brought)."""
        ...

    def move_text(self, board: Board, event: Event) -> str:
        """One event in a few words: the headline of a refusal."""
        ...

    def result_line(self, board: Board, before: State, done: Done, event: Event,
                    numbered: bool) -> str:
        """What a recorded move did: the move, what the mover gained and paid, who is
        next; ``numbered``: with the event's number (a check only has none)."""
        ...

    def period_end(self, board: Board, before: State, done: Done
                   ) -> tuple[RenderableType, ...]:
        """What the table is shown after the move line: the screen of a period the move
        ended, and what the table must do next (a deal that is due); empty for most moves.
        Each item is a renderable or a line of text."""
        ...
