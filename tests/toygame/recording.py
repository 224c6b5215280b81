"""How a PEBBLES move is recorded (``asara_cli/games/recording.py``): the referee's verdict,
the move line; the game has no period screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asara_cli.core.findings import Violation
from asara_cli.games.base import LegalMove
from toygame.rules import Board, Place, Played, State, apply, check

if TYPE_CHECKING:
    from rich.console import RenderableType


def move_text(board: Board, event: Place) -> str:
    return f"{event.player} places a pebble in well {event.well}"


def turn_text(state: State) -> str | None:
    seat = state.to_move
    return None if seat is None else f"Round {state.round}, {state.players[seat]} to move."


def legal_moves(board: Board, state: State) -> tuple[LegalMove[Place], ...]:
    """A pebble into each well the referee allows (P3), as ``place N`` types it."""
    seat = state.to_move
    if seat is None:
        return ()
    made = (Place(state.players[seat], well) for well in range(1, len(board.wells) + 1))
    return tuple(LegalMove(f"place {e.well}", e, "place") for e in made
                 if not any(v.is_error for v in check(board, state, e)))


class PebblesRecording:
    """What a move did is the state after it."""

    def position(self, outcome: Played) -> State:
        return outcome.state

    def to_move(self, state: State) -> str | None:
        return None if state.to_move is None else state.players[state.to_move]

    def check(self, board: Board, state: State, event: Place) -> tuple[Violation, ...]:
        return tuple(check(board, state, event))

    def apply(self, board: Board, state: State, event: Place) -> State:
        return apply(board, state, event)

    def after(self, done: State) -> State:
        return done

    def move_text(self, board: Board, event: Place) -> str:
        return move_text(board, event)

    def result_line(self, board: Board, before: State, done: State, event: Place,
                    numbered: bool) -> str:
        turn = turn_text(done)
        line = move_text(board, event) + (f". {turn}" if turn else "")
        return f"{done.events}. {line}" if numbered else line

    def period_end(self, board: Board, before: State, done: State
                   ) -> tuple[RenderableType, ...]:
        return ()


RECORDING = PebblesRecording()
