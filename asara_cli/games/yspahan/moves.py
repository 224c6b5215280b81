"""The legal moves of the player to move, in the words of the one-shot commands (``goods
chest chest8 N2``), each with the event it makes (``games/base.py``: ``LegalMoves``)."""

from __future__ import annotations

from asara_cli.games.base import LegalMove
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.events import Event
from asara_cli.games.yspahan.rules.state import GameState


def legal_moves(board: Board, state: GameState) -> tuple[LegalMove[Event], ...]:
    return ()


def moves_note(board: Board, state: GameState) -> str | None:
    return "Yspahan's moves are not listed yet"


def core(event: object) -> object | None:
    """The move a simulated event is listed as (not yet: nothing is listed)."""
    return None
