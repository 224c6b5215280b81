"""How a Yspahan move is recorded (``games/recording.py``): the referee's verdict, the move
line, and the week's end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asara_cli.core.findings import Violation
from asara_cli.core.i18n import _
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.engine import advance, check
from asara_cli.games.yspahan.rules.events import Event
from asara_cli.games.yspahan.rules.state import GameState
from asara_cli.games.yspahan.screens import move_text, result_line, week_end_view

if TYPE_CHECKING:
    from rich.console import RenderableType

    from asara_cli.games.recording import Recording
    from asara_cli.games.yspahan.rules.engine import Replay


class YspahanRecording:
    """:class:`asara_cli.games.recording.Recording` for Yspahan (a move's result: a state)."""

    def position(self, outcome: Replay) -> GameState:
        return outcome.state

    def to_move(self, state: GameState) -> str | None:
        return None if state.to_move is None else state.players[state.to_move].name

    def check(self, board: Board, state: GameState, event: Event) -> tuple[Violation, ...]:
        return tuple(check(board, state, event))

    apply = staticmethod(advance)

    def after(self, done: GameState) -> GameState:
        return done

    move_text = staticmethod(move_text)
    result_line = staticmethod(result_line)

    def period_end(self, board: Board, before: GameState, done: GameState
                   ) -> tuple[RenderableType, ...]:
        if done.week != before.week or (done.over and not before.over):
            return (week_end_view(board, before, done),)
        return ()

    def situation(self, board: Board, state: GameState) -> str:
        """The session's bottom line within 80 columns: week, day, the dice tower (a row's
        count is all its dice, yellow among them), whose turn; shortened step by step
        where it does not fit (the prompt names the mover)."""
        if state.over:
            return _("week {week}: the game is over").format(week=state.week)
        who = self.to_move(state)
        names = [p.name for p in state.players]
        said = ""
        for label, short, tiny, cut in ((True, False, False, None), (False, False, False, None),
                                        (False, True, False, None), (False, True, True, None),
                                        (False, True, True, 8), (False, True, True, 4),
                                        (False, True, True, 1)):
            said = _situation(board, state, names, who, label, short, tiny, cut)
            if len(said) <= WIDTH:
                return said
        return said[: WIDTH - 1] + "~"


#: The session's bottom line fits a terminal this wide.
WIDTH = 80


def _situation(board: Board, state: GameState, names: list[str], who: str | None,
               label: bool, short: bool, tiny: bool, cut: int | None) -> str:
    def name(text: str) -> str:
        return text if cut is None or len(text) <= cut else text[: cut] + "~"

    rows = []
    for index, (row_id, row) in enumerate(zip(board.rows, state.tower, strict=False)):
        row_name = terms.row(row_id)
        if row is None:  # empty, or taken today: by whom
            seat = state.taken[index] if index < len(state.taken) else -1
            if seat >= 0:
                rows.append(_("{row}: {player}").format(row=row_name,
                                                        player=name(names[seat])))
            continue
        if row.dice == 0:  # only yellow dice, gone after the start player's turn
            rows.append(_("{row} taken").format(row=row_name))
            continue
        # the count is every die of the row: its yellow ones are among them, never added
        if not row.yellow:
            said = _("{row} {dice}x{value}")
        elif tiny:
            said = _("{row} {dice}x{value} incl. {yellow}y")
        elif short:
            said = _("{row} {dice}x{value} incl. {yellow} yellow")
        else:
            said = _("{row} {dice}x{value} ({yellow} of them yellow)")
        rows.append(said.format(row=row_name, dice=row.dice, value=row.value,
                                yellow=row.yellow))
    tower = ", ".join(rows) if rows else _("not rolled yet")
    when = (_("w{week} d{day}") if short else _("week {week}, day {day}")).format(
        week=state.week, day=state.day)
    if label:
        tower = _("tower: {rows}").format(rows=tower)
    if who is None or short:
        return _("{when} | {tower}").format(when=when, tower=tower)
    return _("{when} | {tower} | {player} to move").format(when=when, tower=tower, player=who)


#: Checked by mypy against the recording protocol.
RECORDING: Recording[Board, Replay, GameState, Event, GameState] = YspahanRecording()
