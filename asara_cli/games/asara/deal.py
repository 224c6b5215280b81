"""The Caliph's gifts at the table (R6.1): a year's deal must be recorded before its first
move, else a gift on a space is lost without anyone noticing (X5 lets a hand-written log
leave the deal out; a recorder does not)."""

from __future__ import annotations

from asara_cli.core.i18n import N_, _, ngettext, pgettext
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.gifts import undealt
from asara_cli.games.asara.rules.model import Variant
from asara_cli.games.asara.rules.state import GameState, Setup

#: what a deal looks like on the command line when no chest is known yet (5 gifts), in the
#: words of the language in use (German: asara geschenke basis 2 ... einkäufer)
EXAMPLE = N_("asara gifts base 2 asari 6 trunk 1 buyer window 3 buy turret turret 4 prestige "
             "window 1 buyer")
#: the command that records a deal, with its German word in German messages
GIFTS = N_("asara gifts")


def game_words(setup: Setup) -> str:
    """``pro, with the Gifts of the Caliph``: a whole message per variant and expansions."""
    pro = setup.variant == Variant.PRO
    variant = pgettext("game", "pro") if pro else pgettext("game", "basic")
    match sorted(setup.expansions):
        case []:
            return _("{variant}, no expansions").format(variant=variant)
        case ["gifts"]:
            return (_("pro, with the Gifts of the Caliph") if pro
                    else _("basic, with the Gifts of the Caliph"))
        case ["genie"]:
            return (_("pro, with the House of the Bottle Genie") if pro
                    else _("basic, with the House of the Bottle Genie"))
        case ["genie", "gifts"]:
            return (_("pro, with the Gifts of the Caliph and the House of the Bottle Genie")
                    if pro else
                    _("basic, with the Gifts of the Caliph and the House of the Bottle Genie"))
    # an expansion this version does not know (the referee refuses it): the log's keys
    return _("{variant}, with {expansions}").format(
        variant=variant, expansions=", ".join(setup.expansions))


def deal_command(board: Board, state: GameState) -> str:
    """The command for this year's deal: the chests known, each with GIFT, else an example."""
    if not state.chests:
        if state.setup.variant == Variant.PRO:
            return ngettext("e.g. {example} lighted 1 lighted ({n} gift, one in the House of "
                            "the lighted windows)", "e.g. {example} lighted 1 lighted ({n} gifts, "
                            "one in the House of the lighted windows)",
                            board.gifts_dealt_pro).format(example=_(EXAMPLE),
                                                          n=board.gifts_dealt_pro)
        return ngettext("e.g. {example} ({n} gift)", "e.g. {example} ({n} gifts)",
                        board.gifts_dealt).format(example=_(EXAMPLE), n=board.gifts_dealt)
    from asara_cli.games.asara.words import area_word

    return _(GIFTS) + " " + " ".join(f"{area_word(a)} {s} " + _("GIFT")
                                     for a, s in state.chests)


def deal_due(board: Board, state: GameState) -> str | None:
    """Why a move cannot be recorded yet: this year's deal is missing (R6.1); else None."""
    if not undealt(state) or state.areas:
        return None  # dealt, or a year already under way without it (validate notes it)
    if state.gifts:
        text = _("the Caliph's gifts of year {year} are not dealt yet: deal one onto each "
                 "chest (gifts left from last year stay) and record the deal first: {command} "
                 "[R6.1]")
    else:
        text = _("the Caliph's gifts of year {year} are not dealt yet: deal one onto each "
                 "chest and record the deal first: {command} [R6.1]")
    return text.format(year=state.year, command=deal_command(board, state))


def deal_reminder(board: Board, state: GameState) -> str | None:
    """The line that says a deal is due at a year's start; None when none is."""
    if not undealt(state) or state.areas:
        return None
    return _("Year {year}: deal the Caliph's gifts and record the deal before the first "
             "move: {command}").format(year=state.year, command=deal_command(board, state))
