"""The House of Spies (R3.4): pay the space's cost (3 or 5), search one face-down pile and
perhaps take one tile from it, shown to all, paying its colour's price."""

from __future__ import annotations

from typing import Any

from asara_cli.core.findings import WARNING, Report
from asara_cli.core.i18n import N_, _
from asara_cli.core.schema import Schema, whole, words
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas.base import (
    ALL_COLOURS,
    ALL_SECTIONS,
    SECTION_WORDS,
    TILE_SCHEMA,
    Fields,
    Kind,
    Move,
    Sampling,
    read_section,
    read_tile,
)
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Bribe, gold_text
from asara_cli.games.asara.rules.model import Colour


class Spies(Kind[Bribe]):
    kind = "spies"
    log_type = "bribe"
    needs_space = True
    space_help = N_("the House of Spies space: its cost")
    summary = N_("House of Spies (R3.4): pay the space, search a pile, maybe take a tile.")
    required = ("pile",)

    def key_schemas(self) -> dict[str, Schema]:
        return {
            "space": whole("The space is its cost."),
            "pile": words(SECTION_WORDS, "The face-down pile searched: its section type."),
            "tile": TILE_SCHEMA,
        }

    def samples(self, s: Sampling, wish: bool = False) -> list[tuple[Bribe, int | None]]:
        """Each affordable fee: a search that takes nothing (of a pile that holds tiles: an
        empty one is legal but pointless, G7: no player would pay for it), and one tile from
        each pile left (one colour a pile, rotating, so every colour turns up over a
        game; ``s.every``: every colour, plain and gold)."""
        money, state, board = s.player.money, s.state, s.board
        found: list[tuple[Bribe, int | None]] = []
        for fee in board.by_kind[self.kind].spaces or ():
            if fee > money:
                continue
            searched = next((x for x in ALL_SECTIONS if state.market(x).pile > 0), None)
            if searched is not None:
                found.append((Bribe(searched), fee))
            for i, section in enumerate(ALL_SECTIONS):
                if state.market(section).pile < 1:
                    continue
                c = ALL_COLOURS[(state.events + i) % len(ALL_COLOURS)]
                if s.every:  # any tile the pile may hold: every colour, plain or gold
                    found.extend((Bribe(section, t, g), fee) for t in ALL_COLOURS
                                 for g in (False, True) if fee + board.price(t) <= money)
                elif fee + board.price(c) <= money:
                    found.append((Bribe(section, c, c == Colour.RED), fee))
        return found

    def cost(self, board: Board, space: int | None, action: Bribe) -> tuple[int, str]:
        fee = space or 0
        tile = action.tile
        if tile is None:
            return fee, _("bribery at {fee} costs {cost}").format(fee=fee, cost=fee)
        price = board.price(tile.colour)
        return fee + price, _("bribery at {fee} and {the_tile} at {price} cost {cost}").format(
            fee=fee, the_tile=terms.the_tile(tile.section, tile.colour, tile.gold), price=price,
            cost=fee + price)

    def price(self, board: Board, space: int | None, action: Bribe) -> int:
        colour = action.colour
        return (space or 0) + (0 if colour is None else board.prices[colour])

    def check(self, m: Move[Bribe], bad: Report) -> None:
        # A tile can only come from a pile that holds one; searching an empty pile and
        # taking nothing is legal, only pointless, as placing without buying is (G7).
        if m.state.market(m.action.pile).pile < 1:
            if m.action.tile is not None:
                bad("R3.4", _("the face-down {section} pile is empty").format(
                    section=terms.section(m.action.pile)))
            else:
                bad("R3.4", _("the face-down {section} pile is empty: the spies were paid to "
                              "search nothing").format(section=terms.section(m.action.pile)),
                    WARNING)

    def apply(self, m: Move[Bribe]) -> None:
        tile = m.action.tile
        if tile is not None:
            m.player.screen.append(tile)
            market = m.state.markets[tile.section]
            market.pile = max(0, market.pile - 1)

    def text(self, board: Board, who: str, space: int | None, action: Bribe,
             how: str | None) -> str:
        head = (_("{player} bribes the spies for {fee} ({how})") if how else
                _("{player} bribes the spies for {fee}")).format(player=who, fee=space, how=how)
        tile = action.tile
        if tile is None:
            return _("{move}, searches the {section} pile and takes nothing").format(
                move=head, section=terms.section(action.pile))
        # the tile names its pile
        return _("{move}: {a_tile} from the pile for {price}").format(
            move=head, a_tile=terms.a_tile(tile.section, tile.colour, tile.gold),
            price=board.price(tile.colour))

    def read(self, r: Fields) -> tuple[int | None, Bribe]:
        space = self.read_space(r)
        pile, (colour, gold) = read_section(r, "pile"), read_tile(r)
        return space, Bribe(pile, colour, gold)

    def write(self, space: int | None, action: Bribe) -> dict[str, Any]:
        d: dict[str, Any] = {"space": space, "pile": action.pile.value}
        if action.colour is not None:
            d["tile"] = gold_text(action.colour, action.gold)
        return d


SPIES = Spies()
