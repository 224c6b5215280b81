"""The four market areas (R3.1): buy one face-up tile of the area's type from its display."""

from __future__ import annotations

from typing import Any

from asara_cli.core.findings import WARNING, Report
from asara_cli.core.i18n import N_, Later, _
from asara_cli.core.schema import Schema, words
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas.base import (
    ALL_COLOURS,
    ALL_SECTIONS,
    ANY_SPACE,
    SECTION_WORDS,
    TILE_SCHEMA,
    Fields,
    Kind,
    Move,
    Notes,
    Sampling,
    read_section,
    read_tile,
)
from asara_cli.games.asara.rules.board import AreaSpec, Board
from asara_cli.games.asara.rules.events import Buy, Tile, gold_text, known_tile
from asara_cli.games.asara.rules.model import Section
from asara_cli.games.asara.rules.table import Table


def check_display(state: Table, tile: Tile, bad: Report) -> None:
    """The tile must lie in its area's display (R3.1)."""
    market = state.markets[tile.section]
    if market.count < 1:
        bad("R3.1", _("the {section} display is empty this year").format(
            section=terms.section(tile.section)))
    elif market.shown is not None and tile not in market.shown:
        shown = ", ".join(terms.tile(t.section, t.colour, t.gold) for t in market.shown)
        bad("R3.1", _("the {section} display shows no {tile} (it shows {tiles})").format(
            section=terms.section(tile.section),
            tile=terms.tile(tile.section, tile.colour, tile.gold), tiles=shown))


def _display_said(section: Section, year: int) -> str:
    return _("the {section} display of year {year} is not recorded; bought tiles are "
             "checked against its count only").format(section=terms.section(section),
                                                      year=year)


def take_from_display(state: Table, seat: int, tile: Tile) -> None:
    """The tile leaves the display and goes behind the player's screen."""
    m = state.markets[tile.section]
    if m.count > 0:
        m.count -= 1
    shown = m.shown
    if shown is not None:
        # one search of the display, where a legal buy's tile lies (not contextlib.suppress:
        # a context manager made for every buy of a replay)
        try:  # noqa: SIM105
            shown.remove(tile)
        except ValueError:
            pass
    if m.carried and tile in m.carried:
        m.carried.remove(tile)
    state.players[seat].screen.append(tile)


class Market(Kind[Buy]):
    kind = "market"
    log_type = "buy"
    space_help = N_("a space number of the market area")
    summary = N_("Buy a face-up tile in a market area (R3.1); no tile = nothing bought.")
    required = ("area",)

    def key_schemas(self) -> dict[str, Schema]:
        return {
            "area": words(SECTION_WORDS, "The market area: its section type."),
            "space": ANY_SPACE,
            "tile": TILE_SCHEMA,
        }

    def samples(self, s: Sampling, wish: bool = False) -> list[tuple[Buy, int | None]]:
        """In each market: nothing bought (not as a wish), and the cheapest, a middle and
        the dearest tile the player can pay for (``s.every``: every one)."""
        money, board = s.player.money, s.board
        found: list[tuple[Buy, int | None]] = []
        for section in ALL_SECTIONS:
            m = s.state.market(section)
            tiles: list[Tile | None] = [None] if not wish else []
            if m.count > 0:
                # in a fixed order (tiles hash by identity), so a seed gives the same game
                choices = dict.fromkeys(m.shown) if m.shown is not None else [
                    Tile(section, c, g) for c in ALL_COLOURS for g in (False, True)]
                affordable: list[Tile] = sorted(
                    (t for t in choices if board.price(t.colour) <= money),
                    key=lambda t: (board.price(t.colour), t.gold))
                picks = set(range(len(affordable))) if s.every else {
                    0, len(affordable) // 2, len(affordable) - 1}
                tiles.extend(t for i, t in enumerate(affordable) if i in picks)
            for t in tiles:
                found.append((Buy(section, None if t is None else t.colour,
                                  False if t is None else t.gold), None))
        return found

    def area(self, board: Board, action: Buy) -> AreaSpec:
        return board.by_section[action.section]

    def cost(self, board: Board, space: int | None, action: Buy) -> tuple[int, str]:
        price = self.price(board, space, action)
        tile = action.tile
        if tile is None:
            return price, ""
        return price, _("{the_tile} costs {price}").format(
            the_tile=terms.the_tile(tile.section, tile.colour, tile.gold), price=price)

    def price(self, board: Board, space: int | None, action: Buy) -> int:
        return 0 if action.colour is None else board.prices[action.colour]

    def check(self, m: Move[Buy], bad: Report) -> None:
        a = m.action  # its tile, found without the property's call where it exists
        tile = m.worked = (None if a.colour is None
                           else known_tile((a.section, a.colour, a.gold)) or a.tile)
        if tile is None:
            bad("R3.1", _("a buyer in the {section} market but nothing bought").format(
                section=terms.section(a.section)), WARNING)
            return
        market = m.state.markets[tile.section]  # check_display's tests, then its words
        if market.count < 1 or (market.shown is not None and tile not in market.shown):
            check_display(m.state, tile, bad)

    def notes(self, m: Move[Buy]) -> Notes:
        action, state = m.action, m.state
        if action.colour is None or state.markets[action.section].shown is not None:
            return ()
        return [(f"display {action.section}", "R3.1",
                 Later(_display_said, (action.section, state.year)))]

    def apply(self, m: Move[Buy]) -> None:
        tile = m.worked or m.action.tile
        if tile is not None:
            take_from_display(m.state, m.seat, tile)

    def text(self, board: Board, who: str, space: int | None, action: Buy, how: str | None
             ) -> str:
        section = terms.section(action.section)
        tile = action.tile
        if tile is None:
            if space:
                where = _("{section} market space {space}").format(section=section, space=space)
            else:
                where = _("{section} market").format(section=section)
            if how is None:
                return _("{player} buys nothing at the {where}").format(player=who, where=where)
            return _("{player} places {how} on the {where} and buys nothing").format(
                player=who, how=how, where=where)
        # the tile names its market: only the space is added
        if how and space:
            text = _("{player} buys {a_tile} for {price} ({buyer}, space {space})")
        elif how:
            text = _("{player} buys {a_tile} for {price} ({buyer})")
        elif space:
            text = _("{player} buys {a_tile} for {price} (space {space})")
        else:
            text = _("{player} buys {a_tile} for {price}")
        return text.format(player=who, a_tile=terms.a_tile(tile.section, tile.colour, tile.gold),
                           price=board.price(tile.colour), buyer=how, space=space)

    def read(self, r: Fields) -> tuple[int | None, Buy]:
        section, (colour, gold) = read_section(r, "area"), read_tile(r)
        return self.read_space(r), Buy(section, colour, gold)

    def write(self, space: int | None, action: Buy) -> dict[str, Any]:
        d: dict[str, Any] = {"area": action.section.value}
        if space is not None:
            d["space"] = space
        if action.colour is not None:
            d["tile"] = gold_text(action.colour, action.gold)
        return d


MARKET = Market()
