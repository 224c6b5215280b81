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
        """The table session's bottom line, within 80 columns: the week and day, the dice
        tower after the roll (each row's dice and value, or who took it today), whose
        turn. Shortened step by step where it would not fit: no ``tower:``, then ``w1 d2``,
        yellow dice as ``+1y`` and no mover (the prompt names them), then the names cut."""
        if state.over:
            return f"week {state.week}: the game is over"
        who = self.to_move(state)
        names = [p.name for p in state.players]
        said = ""
        for label, short, cut in ((True, False, None), (False, False, None),
                                  (False, True, None), (False, True, 8), (False, True, 4),
                                  (False, True, 1)):
            said = _situation(board, state, names, who, label, short, cut)
            if len(said) <= WIDTH:
                return said
        return said[: WIDTH - 1] + "~"


#: The session's bottom line fits a terminal this wide.
WIDTH = 80


def _situation(board: Board, state: GameState, names: list[str], who: str | None,
               label: bool, short: bool, cut: int | None) -> str:
    def name(text: str) -> str:
        return text if cut is None or len(text) <= cut else text[: cut] + "~"

    rows = []
    for index, (row_name, row) in enumerate(zip(board.rows, state.tower, strict=False)):
        if row is None:  # empty, or taken today: by whom
            seat = state.taken[index] if index < len(state.taken) else -1
            if seat >= 0:
                rows.append(f"{row_name}: {name(names[seat])}")
            continue
        if row.dice == 0:  # only yellow dice, gone after the start player's turn
            rows.append(f"{row_name} taken")
            continue
        yellow = ("" if not row.yellow else f"+{row.yellow}y" if short
                  else f" ({row.yellow} yellow)")
        rows.append(f"{row_name} {row.dice}x{row.value}{yellow}")
    tower = ", ".join(rows) if rows else "not rolled yet"
    when = f"w{state.week} d{state.day}" if short else f"week {state.week}, day {state.day}"
    turn = "" if who is None or short else f" | {who} to move"
    return f"{when} | {'tower: ' if label else ''}{tower}{turn}"


RECORDING = YspahanRecording()
