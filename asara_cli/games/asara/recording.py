"""How an ASARA move is recorded (``games/recording.py``): the referee's verdict with the
Caliph's deal that is due first (R6.1), the move line, and the year's end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asara_cli.core.findings import Violation
from asara_cli.games.asara.deal import deal_due, deal_reminder
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import Applied, Replay, apply, check
from asara_cli.games.asara.rules.events import Event, Turn
from asara_cli.games.asara.rules.state import GameState
from asara_cli.games.asara.screens.record import move_text, result_line, year_end_view

if TYPE_CHECKING:
    from rich.console import RenderableType

    from asara_cli.games.recording import Recording


class AsaraRecording:
    """:class:`asara_cli.games.recording.Recording` for ASARA."""

    def position(self, outcome: Replay) -> GameState:
        return outcome.state

    def to_move(self, state: GameState) -> str | None:
        return None if state.turn is None else state.players[state.turn].name

    def check(self, board: Board, state: GameState, event: Event) -> tuple[Violation, ...]:
        findings = check(board, state, event)
        due = deal_due(board, state) if isinstance(event, Turn) else None
        if due is not None:  # the deal first: a move before it loses the gifts' effect
            findings = (Violation(state.events + 1, None, "R6.1", due.removesuffix(" [R6.1]")),
                        *findings)
        return findings

    apply = staticmethod(apply)

    def after(self, done: Applied) -> GameState:
        return done.state

    move_text = staticmethod(move_text)
    result_line = staticmethod(result_line)

    def period_end(self, board: Board, before: GameState, done: Applied
                   ) -> tuple[RenderableType, ...]:
        if done.year_end is None:
            return ()
        reminder = deal_reminder(board, done.state)
        return (year_end_view(board, done), *(() if reminder is None else (reminder,)))

    def situation(self, board: Board, state: GameState) -> str:
        """The session's bottom line: the year, the mover's money and buyers, the others'."""
        from asara_cli.core.i18n import _, ngettext

        if state.turn is None:
            return _("year {year}: the game is over").format(year=state.year)
        mover = state.players[state.turn]
        others = ", ".join(f"{p.name} {p.buyers}" for p in state.players if p is not mover)
        return ngettext("year {year} | {player} to move: {money} Asari, {n} buyer | buyers "
                        "left: {others}",
                        "year {year} | {player} to move: {money} Asari, {n} buyers | buyers "
                        "left: {others}", mover.buyers).format(
                            year=state.year, player=mover.name, money=mover.money,
                            n=mover.buyers, others=others)


#: Checked by mypy against the recording protocol.
RECORDING: Recording[Board, Replay, GameState, Event, Applied] = AsaraRecording()
