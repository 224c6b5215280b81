"""The recording part of a game's contract: what the one recording transaction
(``cli/transaction.py``) asks of a game, its own values passing through unopened. Pure: a
game's rules may import it.
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
    """How a game's moves are recorded: ``State`` is a position, ``Done`` what a move did."""

    def position(self, outcome: Outcome) -> State:
        """The position after the last event of a legal replay."""
        ...

    def to_move(self, state: State) -> str | None:
        """The player to move; ``None`` when the game is over (or nobody in particular)."""
        ...

    def check(self, board: Board, state: State, event: Event) -> Sequence[Violation]:
        """The referee's verdict on ``event`` now, and what the table must do first."""
        ...

    def apply(self, board: Board, state: State, event: Event) -> Done: ...

    def after(self, done: Done) -> State: ...

    def move_text(self, board: Board, event: Event) -> str:
        """One event in a few words: the headline of a refusal."""
        ...

    def result_line(self, board: Board, before: State, done: Done, event: Event,
                    numbered: bool) -> str:
        """What a recorded move did, and who is next (``numbered``: not a check only)."""
        ...

    def period_end(self, board: Board, before: State, done: Done
                   ) -> tuple[RenderableType, ...]:
        """What the table is shown after the move line (a period's screen, a deal that is
        due), renderables or lines; empty for most moves."""
        ...
