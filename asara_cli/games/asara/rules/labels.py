"""Buyer colours (R1): the cards come in a fixed number of colours, which are not tower
colours; a log may declare its table's colours, else they are learnt as buyers are placed."""

from __future__ import annotations

from asara_cli.core.findings import Report
from asara_cli.core.i18n import _, ngettext
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.table import Table


def check_label(board: Board, state: Table, label: str, bad: Report) -> None:
    """A buyer colour placed face up or chosen as a gift: one of the colours the log declares,
    and never one colour more than the cards come in (R1)."""
    declared = state.setup.buyers
    if declared and label not in declared:
        bad("R1", _("this game's buyer colours are {colours}; {label} is not one of "
                    "them").format(colours=terms.buyer_colours(declared),
                               label=repr(terms.buyer_colour(label))))
    elif label not in state.labels and len(state.labels) >= board.buyer_colours:
        # a label is a lower-case word (codec.BUYER_WORD): quoted in the message, as each
        # language quotes
        bad("R1", ngettext("buyers come in {n} colour and {colours} is already in play; "
                           "'{label}' would be a {nth}",
                           "buyers come in {n} colours and {colours} are already in play; "
                           "'{label}' would be a {nth}", board.buyer_colours).format(
            n=board.buyer_colours, colours=terms.buyer_colours(state.labels),
            label=terms.buyer_colour(label),
            nth=terms.ordinal(board.buyer_colours + 1, "colour")))
