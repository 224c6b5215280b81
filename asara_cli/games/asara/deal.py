"""The Caliph's gifts at the table (R6.1): a year's deal must be recorded before its first
move, else a gift on a space is lost without anyone noticing (X5 lets a hand-written log
leave the deal out; a recorder does not)."""

from __future__ import annotations

from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.gifts import undealt
from asara_cli.games.asara.rules.model import Variant
from asara_cli.games.asara.rules.state import KNOWN_EXPANSIONS, GameState, Setup

#: what a deal looks like on the command line when no chest is known yet (5 gifts)
EXAMPLE = ("asara gifts base 2 asari 6 trunk 1 buyer window 3 buy turret turret 4 prestige "
           "window 1 buyer")


def game_words(setup: Setup) -> str:
    """``pro, with the Gifts of the Caliph and the House of the Bottle Genie``."""
    names = [KNOWN_EXPANSIONS.get(x, x).split(" (")[0] for x in setup.expansions]
    if not names:
        return f"{setup.variant}, no expansions"
    return f"{setup.variant}, with the {' and the '.join(names)}"


def deal_command(board: Board, state: GameState) -> str:
    """The command to type for this year's deal: the chests known from earlier deals, each
    with GIFT to fill in, else an example."""
    if not state.chests:
        if state.setup.variant == Variant.PRO:
            return (f"e.g. {EXAMPLE} lighted 1 lighted ({board.gifts_dealt_pro} gifts, one in "
                    f"the House of the lighted windows)")
        return f"e.g. {EXAMPLE} ({board.gifts_dealt} gifts)"
    return "asara gifts " + " ".join(f"{a} {s} GIFT" for a, s in state.chests)


def deal_due(board: Board, state: GameState) -> str | None:
    """Why a move cannot be recorded yet: this year's deal is missing (R6.1); else None."""
    if not undealt(state) or state.areas:
        return None  # dealt, or a year already under way without it (validate notes it)
    left = " (gifts left from last year stay)" if state.gifts else ""
    return (f"the Caliph's gifts of year {state.year} are not dealt yet: deal one onto each "
            f"chest{left} and record the deal first: {deal_command(board, state)} [R6.1]")


def deal_reminder(board: Board, state: GameState) -> str | None:
    """The line that says a deal is due at a year's start; None when none is."""
    if not undealt(state) or state.areas:
        return None
    return (f"Year {state.year}: deal the Caliph's gifts and record the deal before the first "
            f"move: {deal_command(board, state)}")
