"""Expansion: the Gifts of the Caliph (R6.1), as hooks on the base game.

Two hooks, in the style of a chess variant overriding a few named steps: *dealing* (a fact
event at a year's start: which gift went onto which chest space) and *claiming* (a buyer
placed on a chest space takes every gift lying there and resolves each, in the order the
log gives, before the space's own move). Which spaces hold chests, how many cards of each
kind there are and what each money card shows are unknown (RULES.md R6.1): the log records
what the table saw, and the checks rest only on what is certain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from asara_cli.core.findings import NOTE, Report, Violation
from asara_cli.core.i18n import SOURCE, Later, _, language, ngettext, pgettext
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas.lighted import take_lighted
from asara_cli.games.asara.rules.areas.market import check_display, take_from_display
from asara_cli.games.asara.rules.board import AreaSpec, Board
from asara_cli.games.asara.rules.events import Gift, GiftKind, GiftsDealt, GiftUse, Turn
from asara_cli.games.asara.rules.labels import check_label
from asara_cli.games.asara.rules.model import Variant
from asara_cli.games.asara.rules.state import LedgerEntry
from asara_cli.games.asara.rules.table import Position, Table

RULE = "R6.1"


def gifts_text(gifts: tuple[Gift, ...] | list[Gift]) -> str:
    """Gift cards in the language in use: ``asari 4, buy base``."""
    return ", ".join(gift_text(g) for g in gifts) or _("no gift")


def gift_text(gift: Gift) -> str:
    """One gift card in the language in use (rules/terms.py)."""
    return terms.gift(gift.kind, gift.amount, gift.section)


def use_text(use: GiftUse) -> str:
    """A resolved gift as the log writes it: ``buyer green``, ``buy base: gold red``."""
    g = use.gift
    if g.kind == GiftKind.BUYER:
        if not use.taken:
            return "buyer: nothing"
        return f"buyer {use.buyer}" if use.buyer else "buyer"
    if g.kind == GiftKind.BUY:
        tile = use.tile
        got = "nothing" if tile is None else ("gold " if tile.gold else "") + tile.colour
        return f"{g}: {got}"
    if g.kind == GiftKind.LIGHTED:
        if not use.taken:
            return "lighted: nothing"
        return f"lighted: {use.colour}" if use.colour else "lighted"
    return str(g)


def use_words(use: GiftUse) -> str:
    """A resolved gift as a person reads it: English as the log writes it (:func:`use_text`),
    else its words in the language in use (``Einkäufer: Blau``, ``Kauf Basis: Basis in
    Rot``)."""
    if language() == SOURCE:
        return use_text(use)
    g = use.gift
    head = gift_text(g)
    what: str | None = None
    if g.kind in (GiftKind.BUYER, GiftKind.BUY, GiftKind.LIGHTED) and not use.taken:
        what = pgettext("gift use", "nothing")
    elif g.kind == GiftKind.BUYER and use.buyer:
        what = terms.buyer_colour(use.buyer)
    elif g.kind == GiftKind.BUY:
        tile = use.tile
        what = (pgettext("gift use", "nothing") if tile is None
                else terms.tile(tile.section, tile.colour, tile.gold))
    elif g.kind == GiftKind.LIGHTED and use.colour:
        what = terms.colour(use.colour)
    if what is None:
        return head
    return pgettext("gift use", "{gift}: {what}").format(gift=head, what=what)


# --- dealing ----------------------------------------------------------------------------------


def check_deal(board: Board, state: Table, event: GiftsDealt, number: int
               ) -> tuple[Violation, ...]:
    out: list[Violation] = []

    def bad(message: str) -> None:
        out.append(Violation(number, None, RULE, message))

    if "gifts" not in state.setup.expansions:
        bad(_("the Gifts of the Caliph are not in this game (the header's expansions)"))
        return tuple(out)
    if state.over:
        bad(_("the game is over; no gifts are dealt"))
        return tuple(out)
    if state.areas:
        bad(_("gifts are dealt at the start of year {year}, before the first buyer is "
              "placed").format(year=state.year))
    if state.gifts_year == state.year:
        bad(_("the gifts of year {year} are already dealt").format(year=state.year))
    pro = state.setup.variant == Variant.PRO
    per_year = board.gifts_dealt_pro if pro else board.gifts_dealt
    expected = min(per_year, state.gift_deck)
    if len(event.gifts) != expected:
        bad(ngettext("year {year} deals {n} gift (one per chest; {left} left in the deck), "
                     "not {given}",
                     "year {year} deals {n} gifts (one per chest; {left} left in the deck), "
                     "not {given}", expected).format(
            year=state.year, n=expected, left=state.gift_deck, given=len(event.gifts)))
    spaces = [(a, s) for a, s, _ in event.gifts]
    twice = [x for x, n in Counter(spaces).items() if n > 1]
    if twice:
        bad(_("two gifts are dealt onto {area} {space}; one chest gets one a year").format(
            area=twice[0][0], space=twice[0][1]))
    _check_chests(board, event, pro, bad)
    if pro and len(event.gifts) == per_year:
        in_house = sum(board.area(a).kind == "lighted" for a, _, _ in event.gifts
                       if board.has_area(a))
        if in_house != 1:
            bad(_("the pro game has one chest in the House of the lighted windows, not "
                  "{n}").format(n=in_house))
    if state.chests and len(state.chests) == len(event.gifts):
        new = sorted(set(spaces) - set(state.chests))
        if new:
            bad(_("{area} {space} holds no chest (the chests of earlier years: "
                  "{chests})").format(area=new[0][0], space=new[0][1],
                                     chests=", ".join(f"{a} {s}" for a, s in state.chests)))
    return tuple(out)


def _check_chests(board: Board, event: GiftsDealt, pro: bool, bad: Callable[[str], None]
                  ) -> None:
    """Each gift dealt onto a space that holds a chest: a market's, or in the pro game the
    House of the lighted windows' (R6.1)."""
    for area, space, gift in event.gifts:
        spec = board.area(area) if board.has_area(area) else None
        if spec is None or not (spec.kind == "market" or (pro and spec.kind == "lighted")):
            if pro:
                bad(_("chests stand on a market space or the House of the lighted windows, "
                      "not on {area}").format(area=repr(area)))
            else:
                bad(_("chests stand on a market space, not on {area}").format(area=repr(area)))
            continue
        if spec.spaces is not None and space not in spec.spaces:
            bad(_("the {area} has no space {space} ({spaces})").format(
                area=terms.area(spec.name), space=space, spaces=spec.describe_spaces()))
        if gift.kind == GiftKind.LIGHTED and not pro:
            bad(_("the lighted-window gifts are only in the pro game"))


def apply_deal(state: Table, event: GiftsDealt) -> None:
    spaces = tuple((a, s) for a, s, _ in event.gifts)
    state.chests.extend([x for x in dict.fromkeys(spaces) if x not in state.chests])
    state.gifts.extend(event.gifts)
    state.gift_deck = max(0, state.gift_deck - len(event.gifts))
    state.gifts_year = state.year


# --- claiming ---------------------------------------------------------------------------------


def undealt(state: Position) -> bool:
    """Whether this year's deal is missing from the log: the gifts are in the game, cards
    are left, and no ``gifts`` event came this year (X5)."""
    return ("gifts" in state.setup.expansions and state.gifts_year != state.year
            and state.gift_deck > 0 and not state.over)


def unrecorded(state: Position) -> bool:
    """Whether gifts nobody recorded may lie on the board: a year's deal (this one or an
    earlier one) is missing from the log, so a claim may take what the log never saw."""
    return undealt(state) or any(key == "deal" for _, key in state.noted)


def unnamed_space(board: Board, state: Position, spec: AreaSpec, space: int | None
                   ) -> int | None:
    """The space a buyer takes when the log leaves it unnamed where G1 allows that (the tent,
    the House of the lighted windows): the first free one, as the placement takes it. In a
    market with gifts the space must be named (X3), so there it stays ``None``."""
    if space is not None or spec.kind == "market" or spec.unlimited:
        return space
    free = state.free_spaces(board, spec.key)
    if free is not None:
        return free[0] if free else None
    return max((s for s, _ in state.area(spec.key).taken), default=0) + 1


@dataclass(frozen=True, slots=True)
class Claim:
    """The gifts a move claims (R6.1): ``uses`` in the order they lie, then those given that
    lie nowhere on the space (the referee says what does); ``lying``, what lies on the space;
    ``undecided``, the first gift that needs the player's choice and was given none (a
    purchase gift whose display holds a tile, a buyer gift while the deck holds a card, a
    lighted-window gift while the stack holds one), else ``None``."""

    uses: tuple[GiftUse, ...]
    lying: tuple[Gift, ...]
    undecided: Gift | None = None


def claim(board: Board, state: Position, spec: AreaSpec, space: int | None,
          given: Sequence[GiftUse]) -> Claim:
    """The gifts a buyer placed on ``space`` of ``spec`` claims: each gift lying there
    resolved as one of ``given`` says (a use of its kind; for a purchase, of its area), else
    by itself where there is no choice (a buyer gift with the deck empty is void, X4)."""
    # an unnamed space of the tent or the lighted windows is the first free one (G1)
    lying = state.gifts_at(spec.key, unnamed_space(board, state, spec, space))
    left = list(given)
    uses: list[GiftUse] = []
    for gift in lying:
        match = next((u for u in left if u.gift.kind == gift.kind
                      and (gift.kind != GiftKind.BUY or u.gift.section == gift.section)), None)
        if match is not None:
            left.remove(match)
            uses.append(GiftUse(gift, match.buyer, match.colour, match.gold, match.taken))
        elif gift.kind == GiftKind.BUY and gift.section is not None and (
                state.market(gift.section).count > 0):
            return Claim(tuple(uses), lying, gift)
        elif gift.kind == GiftKind.BUYER and state.draw_pile < 1:
            uses.append(GiftUse(gift, taken=False))  # the deck is empty: void (X4)
        elif gift.kind == GiftKind.BUYER:  # the player picks a buyer from the deck
            return Claim(tuple(uses), lying, gift)
        elif gift.kind == GiftKind.LIGHTED and state.lighted_stack < 1:
            uses.append(GiftUse(gift, taken=False))  # nothing left to buy: no choice
        elif gift.kind == GiftKind.LIGHTED:  # which window, or none when it cannot be paid
            return Claim(tuple(uses), lying, gift)
        else:
            uses.append(GiftUse(gift))
    return Claim((*uses, *left), lying)


def check_claim(board: Board, state: Table, seat: int, spec: AreaSpec, turn: Turn,
                number: int, bad: Report) -> Table:
    """Report what is wrong with the gifts a turn claims; the table after resolving them
    (the move is checked on it: a money gift pays for the move, R6.1): ``state`` itself when
    the turn claims none, else a copy (``state`` is left as it was)."""
    if "gifts" not in state.setup.expansions:
        if turn.gifts:
            bad(RULE, _("the Gifts of the Caliph are not in this game"))
        return state
    space = unnamed_space(board, state, spec, turn.placement.space)
    lying = list(state.gifts_at(spec.key, space)) if space is not None else []
    claimed = [u.gift for u in turn.gifts]
    if space is None and any(a == spec.key for a, _, _ in state.gifts):
        holding = sorted({s for a, s, _ in state.gifts if a == spec.key})
        bad(RULE, _("gifts lie in the {area} (space {spaces}): name the space the buyer went "
                    "on").format(area=terms.area(spec.name),
                                 spaces=", ".join(map(str, holding))))
    missing = undealt(state)
    if missing and (state.year, "deal") not in state.noted:
        bad(RULE, _("the Caliph's gifts of year {year} were never dealt in the log (no "
                    "gifts event before the year's first buyer): gifts claimed are "
                    "trusted").format(year=state.year), NOTE)
    if Counter(claimed) != Counter(lying):
        extra = Counter(claimed)
        extra.subtract(Counter(lying))
        unclaimed = [g for g, n in (-extra).items() for _ in range(n)]
        if space is None:
            bad(RULE, _("the move claims {gifts} but names no space of the {area} (gifts lie "
                        "on spaces: name it)").format(gifts=gifts_text(claimed),
                                                      area=terms.area(spec.name)))
        elif unclaimed or not unrecorded(state):
            bad(RULE, _("space {space} of the {area} holds {lying}; the move claims {gifts} (a "
                        "buyer there takes every gift lying there)").format(
                space=space, area=terms.area(spec.name), lying=gifts_text(lying),
                gifts=gifts_text(claimed)))
        elif not missing and (state.year, "gifts") not in state.noted:
            # a gift left from a year whose deal the log lacks: trusted, as in that year
            years = sorted({y for y, key in state.noted if key == "deal"})
            if len(years) == 1:
                text = _("{gifts} claimed on space {space} of the {area}: no recorded deal put "
                         "it there (the deal of year {years} is not recorded); trusted")
            else:
                text = _("{gifts} claimed on space {space} of the {area}: no recorded deal put "
                         "it there (the deals of years {years} are not recorded); trusted")
            bad(RULE, text.format(gifts=gifts_text(claimed), space=space,
                                  area=terms.area(spec.name),
                                  years=", ".join(map(str, years))), NOTE)
    if turn.gifts:
        state = state.copy()
    for use in turn.gifts:
        check_gift(board, state, seat, use, bad)
        apply_gift(board, state, seat, use, number)
    return state


def check_gift(board: Board, state: Table, seat: int, use: GiftUse, bad: Report) -> None:
    """One gift, checked as the table would resolve it (R6.1, and R2.3 for what it costs)."""
    p = state.players[seat]
    kind = use.gift.kind
    if kind == GiftKind.BUYER:
        # compulsory while the deck holds a card; void when it is empty (X4)
        if use.taken and state.draw_pile < 1:
            bad(RULE, _("a buyer gift, but the buyer deck is empty this year: the gift is "
                        "void (\"buyer: nothing\")"))
        elif not use.taken and state.draw_pile >= 1:
            bad(RULE, ngettext("the buyer gift is compulsory: the buyer deck holds {n} card",
                               "the buyer gift is compulsory: the buyer deck holds {n} cards",
                               state.draw_pile).format(n=state.draw_pile))
        if use.buyer is not None:
            check_label(board, state, use.buyer, bad)
    elif kind == GiftKind.ASARI:
        if use.gift.amount is None or use.gift.amount < 0:
            bad(RULE, _("a money gift shows the Asari it gives"))
    elif kind == GiftKind.BUY:
        _check_purchase(board, state, p.name, p.money, use, bad)
    elif kind == GiftKind.LIGHTED:
        if state.setup.variant != Variant.PRO:
            bad(RULE, _("the lighted-window gifts are only in the pro game"))
            return
        cost = board.gift_lighted_cost
        can = p.money >= cost and state.lighted_stack >= 1
        if use.taken and p.money < cost:
            bad("R2.3", _("{player} has {money} Asari; the lighted-window gift costs "
                          "{cost}").format(player=p.name, money=p.money, cost=cost))
        elif use.taken and state.lighted_stack < 1:
            bad("R3.7", _("the lighted-window stack is empty"))
        elif not use.taken and can:
            bad(RULE, ngettext("the lighted-window gift is compulsory: {player} has {money} "
                               "Asari and the stack holds {n} window",
                               "the lighted-window gift is compulsory: {player} has {money} "
                               "Asari and the stack holds {n} windows",
                               state.lighted_stack).format(
                player=p.name, money=p.money, n=state.lighted_stack))


def _check_purchase(board: Board, state: Table, name: str, money: int, use: GiftUse,
                    bad: Report) -> None:
    section = use.gift.section
    if section is None:
        bad(RULE, _("a purchase gift names its market area"))
        return
    tile = use.tile
    market = state.market(section)
    if tile is not None:
        check_display(state, tile, bad)
        price = board.price(tile.colour)
        if price > money:
            bad("R2.3", _("{player} has {money} Asari; the gift's {tile} costs {price}").format(
                player=name, money=money, tile=terms.tile(tile.section, tile.colour, tile.gold),
                price=price))
        return
    # Nothing bought: only when nothing in the display can be paid for.
    if market.count < 1:
        return
    if market.shown is not None:
        cheap = [t for t in market.shown if board.price(t.colour) <= money]
        if cheap:
            t = cheap[0]
            bad(RULE, _("the purchase gift is compulsory: {player} has {money} Asari and the "
                        "{section} display shows {a_tile} for {price}").format(
                player=name, money=money, section=terms.section(section),
                a_tile=terms.a_tile(t.section, t.colour, t.gold), price=board.price(t.colour)))
        return
    dearest = max(board.prices.values())
    if money >= dearest:
        bad(RULE, _("the purchase gift is compulsory: {player} has {money} Asari, enough for "
                    "any tile of the {section} display").format(
            player=name, money=money, section=terms.section(section)))


def apply_gift(board: Board, state: Table, seat: int, use: GiftUse, number: int) -> None:
    p = state.players[seat]
    kind = use.gift.kind
    if kind == GiftKind.BUYER:
        drawn = min(1 if use.taken else 0, state.draw_pile)
        state.draw_pile -= drawn
        p.buyers += drawn
    elif kind == GiftKind.ASARI:
        p.money += max(0, use.gift.amount or 0)
    elif kind == GiftKind.BUY:
        tile = use.tile
        if tile is not None:
            p.money -= board.price(tile.colour)
            take_from_display(state, seat, tile)
    elif kind == GiftKind.PRESTIGE:
        state.ledger.append(LedgerEntry(seat, board.gift_prestige, "gift", state.year, number,
                                        Later(_prestige_said)))
    elif use.taken and state.lighted_stack >= 1:
        p.money -= board.gift_lighted_cost
        take_lighted(state, seat, 1, (use.colour,) if use.colour else ())


def apply_claim(board: Board, state: Table, seat: int, spec: AreaSpec, turn: Turn,
                number: int) -> None:
    """The gifts on the space leave the board and are resolved in the log's order."""
    if "gifts" not in state.setup.expansions:
        return
    space = turn.placement.space
    if space is None and spec.kind != "market" and not spec.unlimited:
        mine = [s for s, who in state.area(spec.key).taken if who == seat]
        space = mine[-1] if mine else None  # where the placement just put the buyer (G1)
    state.gifts = [x for x in state.gifts if not (x[0] == spec.key and x[1] == space)]
    if turn.gifts and space is not None and (spec.key, space) not in state.chests:
        state.chests.append((spec.key, space))
    if undealt(state):
        state.note("deal")
    if turn.gifts and unrecorded(state):
        state.note("gifts")
    for use in turn.gifts:
        apply_gift(board, state, seat, use, number)


def _prestige_said() -> str:
    return _("a gift of the Caliph: prestige")
