"""How a Yspahan move is recorded (``games/recording.py``): the referee's verdict, the move
line, and the week's end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asara_cli.core.findings import Violation
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.engine import advance, check
from asara_cli.games.yspahan.rules.events import Event
from asara_cli.games.yspahan.rules.state import GameState
from asara_cli.games.yspahan.screens import move_text, result_line, week_end_view

if TYPE_CHECKING:
    from rich.console import RenderableType

    from asara_cli.games.yspahan.played import Played


class YspahanRecording:
    """:class:`asara_cli.games.recording.Recording` for Yspahan: what a move did is the
    state after it."""

    def position(self, outcome: Played) -> GameState:
        return outcome.state

    def to_move(self, state: GameState) -> str | None:
        return None if state.to_move is None else state.players[state.to_move].name

    def check(self, board: Board, state: GameState, event: Event) -> tuple[Violation, ...]:
        return tuple(check(board, state, event))

    def apply(self, board: Board, state: GameState, event: Event) -> GameState:
        return advance(board, state, event)

    def after(self, done: GameState) -> GameState:
        return done

    def move_text(self, board: Board, event: Event) -> str:
        return move_text(board, event)

    def result_line(self, board: Board, before: GameState, done: GameState, event: Event,
                    numbered: bool) -> str:
        return result_line(board, before, done, event, numbered=numbered)

    def period_end(self, board: Board, before: GameState, done: GameState
                   ) -> tuple[RenderableType, ...]:
        if done.week != before.week or (done.over and not before.over):
            return (week_end_view(board, before, done),)
        return ()


    def situation(self, board: Board, state: GameState) -> str:
        """The table session's bottom line: the week and day, the dice tower after the roll
        (each row's dice and value; a row taken this day: taken), whose turn."""
        if state.over:
            return f"week {state.week}: the game is over"
        rows = []
        for name, row in zip(board.rows, state.tower, strict=False):
            if row is None:
                continue
            yellow = f" ({row.yellow} yellow)" if row.yellow else ""
            rows.append(f"{name} taken" if row.dice == 0
                        else f"{name} {row.dice}x{row.value}{yellow}")
        tower = ", ".join(rows) if rows else "not rolled yet"
        who = self.to_move(state)
        return (f"week {state.week}, day {state.day} | tower: {tower}"
                + ("" if who is None else f" | {who} to move"))


RECORDING = YspahanRecording()
