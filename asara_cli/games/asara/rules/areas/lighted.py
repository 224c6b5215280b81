"""Pro, the House of the lighted windows (R3.7): pay 4 (draw 3, keep 1) or 10 (draw 5,
keep 2). The colours kept are secret until built: the log may leave them out."""

from __future__ import annotations

import re
from typing import Any

from asara_cli.core.findings import Report
from asara_cli.core.i18n import N_, _, ngettext
from asara_cli.core.schema import Schema, texts, when, whole, words
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas.base import (
    ALL_COLOURS,
    ANY_SPACE,
    COLOURS,
    Fields,
    Kind,
    Move,
    Sampling,
)
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Lighted
from asara_cli.games.asara.rules.model import Colour, Variant
from asara_cli.games.asara.rules.table import Position, Table


def keep_for(board: Board, pay: int) -> int:
    return next((o.keep for o in board.lighted_offers if o.pay == pay), 0)


def take_lighted(state: Table, seat: int, keep: int, kept: tuple[Colour, ...]) -> None:
    """``keep`` lighted windows leave the stack for the player's screen (R3.7, R6.1)."""
    keep = min(keep, state.lighted_stack)
    known = kept[:keep]
    p = state.players[seat]
    p.lighted_known.extend(known)
    p.lighted_unknown += keep - len(known)
    state.lighted_stack -= keep


def lights_gold(state: Position, player: str, colour: Colour, n: int, lit_plain: int) -> bool:
    """Whether a lighted window the player builds onto their ``n``-th tower of ``colour``
    covers a gold window, when the player did not say which: only when no plain window of
    that tower is left free (``lit_plain``: plain ones this move has already covered) and a
    gold one is (R3.7)."""
    seat = state.seat(player)
    towers = [t for t in state.players[seat].towers if t.colour == colour] if (
        seat is not None) else []
    if len(towers) < n:
        return False  # no such tower: the referee says so
    tower = towers[n - 1]
    return tower.free_plain_windows - lit_plain <= 0 and tower.free_gold_windows > 0


class House(Kind[Lighted]):
    kind = "lighted"
    log_type = "lighted"
    space_help = N_("a space number of the House of the lighted windows")
    summary = N_("Pro: House of the lighted windows (R3.7): pay for an offer, keep its windows.")
    required = ("pay",)

    def key_schemas(self) -> dict[str, Schema]:
        return {
            "space": ANY_SPACE,
            "pay": whole("The Asari paid: one of the board's offers."),
            "kept": texts(words(c.value for c in Colour),
                          "Colours kept (optional: secret until built)."),
        }

    def board_schemas(self, board: Board) -> dict[str, Schema]:
        d = super().board_schemas(board)
        offers = board.lighted_offers
        d["pay"] = {"enum": sorted(o.pay for o in offers)}
        d["kept"] = {"maxItems": max((o.keep for o in offers), default=0)}
        return d

    def board_rules(self, board: Board) -> list[Schema]:
        """Each offer keeps so many windows (R3.7)."""
        return [when("pay", o.pay, {"properties": {"kept": {"maxItems": o.keep}}})
                for o in board.lighted_offers]

    def samples(self, s: Sampling, wish: bool = False) -> list[tuple[Lighted, int | None]]:
        """Pro: each offer the player can pay for while the stack lasts, with the colours
        kept stated (rotating) and secret (``s.every``: secret only; the moves listed say
        in a note that the colours may be named, since the check never depends on them)."""
        state = s.state
        if state.setup.variant != Variant.PRO:
            return []
        found: list[tuple[Lighted, int | None]] = []
        for offer in s.board.lighted_offers:
            if offer.pay <= s.player.money and state.lighted_stack >= offer.keep:
                if s.every:
                    found.append((Lighted(offer.pay), None))
                    continue
                kept = tuple(ALL_COLOURS[(state.events + i) % 5] for i in range(offer.keep))
                found.append((Lighted(offer.pay, kept), None))
                found.append((Lighted(offer.pay), None))
        return found

    def cost(self, board: Board, space: int | None, action: Lighted) -> tuple[int, str]:
        return action.pay, _("the lighted windows cost {cost}").format(cost=action.pay)

    def price(self, board: Board, space: int | None, action: Lighted) -> int:
        return action.pay

    def check(self, m: Move[Lighted], bad: Report) -> None:
        offers = {o.pay: o for o in m.board.lighted_offers}
        offer = offers.get(m.action.pay)
        if offer is None:
            ways = _(" or ").join(_("pay {pay}, keep {keep}").format(pay=o.pay, keep=o.keep)
                                  for o in m.board.lighted_offers)
            bad("R3.7", _("the lighted windows cost {cost} nowhere ({offers})").format(
                cost=m.action.pay, offers=ways))
            return
        if len(m.action.kept) > offer.keep:
            bad("R3.7", ngettext("paying {pay} keeps {n} lighted window; not {kept}",
                                 "paying {pay} keeps {n} lighted windows; not {kept}",
                                 offer.keep).format(pay=offer.pay, n=offer.keep,
                                                    kept=len(m.action.kept)))
        if m.state.lighted_stack < offer.keep:
            bad("R3.7", ngettext("the lighted-window stack holds {n} window; paying {pay} "
                                 "keeps {keep}",
                                 "the lighted-window stack holds {n} windows; paying {pay} "
                                 "keeps {keep}", m.state.lighted_stack).format(
                n=m.state.lighted_stack, pay=offer.pay, keep=offer.keep))

    def apply(self, m: Move[Lighted]) -> None:
        take_lighted(m.state, m.seat, keep_for(m.board, m.action.pay), m.action.kept)

    def text(self, board: Board, who: str, space: int | None, action: Lighted,
             how: str | None) -> str:
        keep = keep_for(board, action.pay)
        kept = (", ".join(terms.colour(c) for c in action.kept) if action.kept
                else _("colour secret"))
        if how:
            text = ngettext("{player} pays {pay} for lighted windows ({how}) and keeps {n} "
                            "window ({kept})",
                            "{player} pays {pay} for lighted windows ({how}) and keeps {n} "
                            "windows ({kept})", keep)
        else:
            text = ngettext("{player} pays {pay} for lighted windows and keeps {n} window "
                            "({kept})",
                            "{player} pays {pay} for lighted windows and keeps {n} windows "
                            "({kept})", keep)
        return text.format(player=who, pay=action.pay, how=how, n=keep, kept=kept)

    def read(self, r: Fields) -> tuple[int | None, Lighted]:
        space = self.read_space(r)
        pay = r.whole("pay", _("the Asari paid (an offer of the board profile)"),
                      required=True)
        assert pay is not None
        kept = r.strings("kept", re.compile(f"^({COLOURS})$"), _("tower colours"))
        return space, Lighted(pay, tuple(Colour(c) for c in kept))

    def write(self, space: int | None, action: Lighted) -> dict[str, Any]:
        d: dict[str, Any] = {} if space is None else {"space": space}
        d["pay"] = action.pay
        if action.kept:
            d["kept"] = [c.value for c in action.kept]
        return d


HOUSE = House()
