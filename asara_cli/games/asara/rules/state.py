"""Frozen game state: what the table holds after some events (RULES.md R1-R5).

These are the values callers see: the referee works on a mutable table (table.py) and
freezes it into a ``GameState`` where a caller asks for one. Prestige is never a running
counter: it is the sum of the ledger, each entry naming its source.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from msgspec import Struct

from asara_cli.core.i18n import Explained, Text
from asara_cli.core.names import name_key
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Gift, Tile
from asara_cli.games.asara.rules.model import Colour, Section, Tower, Variant
from asara_cli.games.asara.rules.scoring import FinalEvaluation, YearScore

SUPPORTED_EXPANSIONS: tuple[str, ...] = ("gifts", "genie")
KNOWN_EXPANSIONS: dict[str, str] = {
    "gifts": "Gifts of the Caliph (R6.1)",
    "genie": "House of the Bottle Genie (R6.2)",
}


class Setup(Struct, frozen=True):
    """Who plays and how: players in clockwise seat order, the start player's seat (who holds
    the Caliph's patronage at the start), the variant and any expansions."""

    players: tuple[str, ...]
    start: int = 0
    variant: Variant = Variant.BASIC
    expansions: tuple[str, ...] = ()
    #: The buyer colours this table's cards show, when the log declares them (then no other
    #: colour can be placed); empty when they are learnt as buyers are placed face up.
    buyers: tuple[str, ...] = ()


class LedgerEntry(Struct, Explained, frozen=True):
    """Prestige given to one player, with its source.

    ``source`` is ``"build"`` (``event`` is the build's event number), ``"gift"`` (a
    prestige gift of the Caliph, R6.1), ``"year"`` (end of ``year``; ``event`` is the turn that
    ended it) or ``"final"`` (``category`` names the award). ``said`` is the arithmetic, made
    into words when shown (:attr:`explanation`)."""

    player: int
    points: int
    source: str
    year: int
    event: int
    said: Text
    category: str | None = None


class PlayerState(Struct, frozen=True):
    """One player: money, buyers in hand, towers, the tiles and lighted windows behind the
    screen."""

    name: str
    money: int
    buyers: int  # buyer cards in hand this year
    towers: tuple[Tower, ...] = ()
    screen: tuple[Tile, ...] = ()  # unbuilt tiles behind the screen, sorted
    lighted_known: tuple[Colour, ...] = ()  # lighted windows kept, colour recorded
    lighted_unknown: int = 0  # lighted windows kept, colour not recorded (secret)


class Taken:
    """What an area's occupied spaces say, frozen (:class:`AreaState`) or on the table."""

    __slots__ = ()
    taken: Sequence[tuple[int, int]]

    def occupied(self, space: int) -> bool:
        return space in [s for s, _ in self.taken]

    def spaces(self) -> tuple[int, ...]:
        return tuple(sorted([s for s, _ in self.taken]))


class AreaState(Taken, Struct, frozen=True):
    """One area this year: the colour that must be followed (``None`` until a face-up buyer
    sets it, R2.1) and the occupied spaces with who is on them."""

    colour: str | None = None
    taken: tuple[tuple[int, int], ...] = ()  # (space, seat)
    placed: int = 0  # placements, for the coloured building (unlimited room)


#: An area nobody has placed on this year (one value: it never changes).
EMPTY_AREA = AreaState()


class Market(Struct, frozen=True):
    """One section type's display and face-down pile (R1, R3.1, R3.4).

    ``shown`` is the display's tiles when the table stated them (``None`` when unknown);
    ``carried`` are tiles known to lie in the display although ``shown`` is unknown (the
    unsold tiles of a known display after a refill)."""

    section: Section
    count: int  # face-up tiles in the display
    pile: int  # face-down tiles left for refills and bribery
    shown: tuple[Tile, ...] | None = None
    carried: tuple[Tile, ...] = ()


class Reads:
    """What reads a position the same whether it is frozen (:class:`GameState`) or on the
    table (table.Table)."""

    __slots__ = ()
    players: Sequence[object]
    turn: int | None
    ledger: Sequence[LedgerEntry]
    gifts: Sequence[tuple[str, int, Gift]]

    def area(self, area: str) -> Taken:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        return self.turn is None

    def prestige(self, seat: int) -> int:
        """A player's prestige: the sum of their ledger entries."""
        return sum(e.points for e in self.ledger if e.player == seat)

    def prestige_all(self) -> tuple[int, ...]:
        totals = [0] * len(self.players)
        for e in self.ledger:
            totals[e.player] += e.points
        return tuple(totals)

    def free_spaces(self, board: Board, area: str) -> tuple[int, ...] | None:
        """The vacant spaces of ``area``; ``None`` where the number of spaces is unknown or
        unlimited (the coloured building, the tent and the lighted windows without data)."""
        every = board.area(area).spaces
        if every is None:
            return None
        taken = self.area(area).spaces()
        return tuple([s for s in every if s not in taken])

    def gifts_at(self, area: str, space: int | None) -> tuple[Gift, ...]:
        """The gifts lying on one space (R6.1)."""
        return tuple(g for a, s, g in self.gifts if a == area and s == space)


class GameState(Reads, Struct, frozen=True):
    """The whole table after some events: players, year, turn, areas, markets, ledger."""

    setup: Setup
    players: tuple[PlayerState, ...]
    year: int
    turn: int | None  # seat to move; None once the game is over
    caliph: int  # seat holding the Caliph's patronage
    areas: tuple[tuple[str, AreaState], ...]  # by area key (board profile)
    markets: tuple[Market, ...]
    draw_pile: int  # buyer cards not dealt this year (recruits draw from it, R3.6)
    lighted_stack: int  # lighted windows not yet kept by anyone (pro)
    labels: tuple[str, ...] = ()  # buyer colour labels seen face up in this game
    label_counts: tuple[tuple[str, int], ...] = ()  # face-up buyers per label this year
    ledger: tuple[LedgerEntry, ...] = ()
    year_scores: tuple[tuple[YearScore, ...], ...] = ()  # one tuple per finished year
    final: FinalEvaluation | None = None
    events: int = 0  # events applied so far
    noted: tuple[tuple[int, str], ...] = ()  # (year, what) relaxations noted
    # Gifts of the Caliph (R6.1)
    gifts: tuple[tuple[str, int, Gift], ...] = ()  # (area, space, gift) lying on the board
    gift_deck: int = 0  # gift cards not yet dealt
    gifts_year: int = 0  # the last year whose deal the log states
    chests: tuple[tuple[str, int], ...] = ()  # spaces known to hold a chest
    # bank spaces whose value the board profile does not know: (space, amount, event) as the
    # log first showed it (R3.3); later uses are checked against it
    bank_seen: tuple[tuple[int, int, int], ...] = ()

    def seat(self, name: str) -> int | None:
        """The seat of the player ``name`` means (the one name rule: rules/names.py)."""
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        key = name_key(name)
        for i, p in enumerate(self.players):
            if name_key(p.name) == key:
                return i
        return None

    def area(self, area: str) -> AreaState:
        for a, s in self.areas:
            if a == area:
                return s
        return EMPTY_AREA

    def market(self, section: Section) -> Market:
        for m in self.markets:
            if m.section == section:
                return m
        raise KeyError(section)

    def prestige_before_final(self, seat: int) -> int:
        """A player's prestige from builds and end-of-year evaluations: the final
        evaluation's awards left out."""
        return sum(e.points for e in self.ledger if e.player == seat and e.source != "final")


def in_play(board: Board, setup: Setup, area: str) -> bool:
    """Whether an area is on the table in this game: pro-only areas in the pro game, an
    expansion's areas with that expansion."""
    spec = board.area(area)
    return ((not spec.pro or setup.variant == Variant.PRO)
            and (spec.expansion is None or spec.expansion in setup.expansions))


#: Every tile's place in the order tiles are listed: by section type, colour, then plain
#: before gold (a tile is one value per kind, events.Tile: a dict of the forty finds it).
_ORDER: dict[Tile, int] = {
    Tile(s, c, g): i for i, (s, c, g) in enumerate(
        (s, c, g) for s in Section for c in Colour for g in (False, True))}
_tile_order = _ORDER.__getitem__
#: Every tile of each section type (a display's tiles are checked against them in C).
TILES_OF: dict[Section, frozenset[Tile]] = {
    s: frozenset(t for t in _ORDER if t.section == s) for s in Section}


def sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=_tile_order))


def missing(have: Iterable[Tile], need: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles of ``need`` that ``have`` cannot supply, as a multiset difference, sorted."""
    pool = list(have)
    short = []
    for tile in need:
        try:  # one search of the pool (a test, then a removal, searched it twice)
            pool.remove(tile)
        except ValueError:
            short.append(tile)
    return sorted_tiles(short) if short else ()


def start_state(board: Board, setup: Setup) -> GameState:
    """Year 1 before the first turn: money by seat from the start player (R1), hands dealt,
    displays filled from the piles (the table's start, rules/table.py, frozen)."""
    from asara_cli.games.asara.rules.table import new_table, snapshot  # it imports this

    return snapshot(new_table(board, setup))
