"""Buyer colours (R1): the cards come in a fixed number of colours, which are not tower
colours; a log may declare its table's colours, else they are learnt as buyers are placed."""

from __future__ import annotations

from asara_cli.core.findings import Report
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.table import Table
from asara_cli.games.asara.rules.text import ordinal


def check_label(board: Board, state: Table, label: str, bad: Report) -> None:
    """A buyer colour placed face up or chosen as a gift: one of the colours the log declares,
    and never one colour more than the cards come in (R1)."""
    declared = state.setup.buyers
    if declared and label not in declared:
        bad("R1", f"this game's buyer colours are {', '.join(declared)}; {label!r} is not "
                  f"one of them")
    elif label not in state.labels and len(state.labels) >= board.buyer_colours:
        bad("R1", f"buyers come in {board.buyer_colours} colours and "
                  f"{', '.join(state.labels)} are already in play; {label!r} would be a "
                  f"{ordinal(board.buyer_colours + 1)}")
