"""A replayed Yspahan log as the generic layers hold it: the referee's result, and what it
takes to show the table after any event of the legal prefix (``status --at N``)."""

from __future__ import annotations

from collections.abc import Sequence

from asara_cli.core.findings import Violation
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.engine import Replay, replay
from asara_cli.games.yspahan.rules.events import Event
from asara_cli.games.yspahan.rules.state import GameState, LedgerEntry, Setup


class Played:
    """The referee's :class:`Replay` of ``events``, with the board and setup it was judged
    on (the :class:`~asara_cli.games.base.Outcome` the generic layers read)."""

    __slots__ = ("board", "events", "result", "setup")

    def __init__(self, board: Board, setup: Setup, events: Sequence[Event],
                 result: Replay | None = None) -> None:
        self.board, self.setup, self.events = board, setup, tuple(events)
        self.result = result if result is not None else replay(board, setup, self.events)

    @property
    def valid(self) -> bool:
        return self.result.valid

    @property
    def complete(self) -> bool:
        return self.result.complete

    @property
    def violations(self) -> tuple[Violation, ...]:
        return self.result.violations

    @property
    def notes(self) -> tuple[Violation, ...]:
        return self.result.notes

    @property
    def stopped(self) -> int | None:
        return self.result.stopped

    @property
    def state(self) -> GameState:
        """The state after the legal prefix (every event of a legal log)."""
        return self.result.state

    @property
    def ledger(self) -> tuple[LedgerEntry, ...]:
        return self.result.state.ledger

    def winners(self) -> tuple[int, ...]:
        return self.result.winners()

    def shown(self, at: int) -> int:
        """The event whose state ``at`` shows: ``at`` itself, or the last legal one."""
        n = min(max(at, 0), len(self.events))
        return n if self.stopped is None else min(n, self.stopped - 1)

    def at(self, at: int) -> GameState:
        """The state after event ``at`` (0: before the first), or after the last legal event
        before it."""
        n = self.shown(at)
        if n == self.state.events:
            return self.state
        return replay(self.board, self.setup, self.events[:n]).state
