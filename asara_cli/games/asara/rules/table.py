"""The mutable table a replay updates in place (RULES.md R1-R5), and its frozen snapshots.

A replay keeps one :class:`Table` and lets each event change it, instead of building a new
frozen :class:`~asara_cli.games.asara.rules.state.GameState` per event: a game of a hundred
events is refereed in a fraction of the time. Callers still see frozen values:
:func:`snapshot` makes one where a caller asks for a state, :func:`thaw` turns one back into
a table. The table reads like the frozen state (the same field names, the same ``area``,
``market``, ``seat`` and ``prestige``), so a check reads the same on either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec import Struct

from asara_cli.core.names import name_key
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Gift, Tile
from asara_cli.games.asara.rules.model import Colour, Section, Tower, Variant
from asara_cli.games.asara.rules.scoring import FinalEvaluation, YearScore
from asara_cli.games.asara.rules.state import (
    AreaState,
    GameState,
    LedgerEntry,
    Market,
    PlayerState,
    Reads,
    Setup,
    Taken,
    in_play,
    sorted_tiles,
)


class Hand:
    """One player at the table: money, buyers in hand, towers, what is behind the screen."""

    __slots__ = ("buyers", "lighted_known", "lighted_unknown", "money", "name", "screen",
                 "towers")

    def __init__(self, name: str, money: int, buyers: int, towers: tuple[Tower, ...],
                 screen: list[Tile], lighted_known: list[Colour], lighted_unknown: int
                 ) -> None:
        self.name = name
        self.money = money
        self.buyers = buyers
        self.towers = towers  # frozen towers: a build replaces the tuple
        # in no order on the table (a tile bought is appended): sorted in a snapshot
        self.screen = screen
        self.lighted_known = lighted_known
        self.lighted_unknown = lighted_unknown


class Spot(Taken, Struct, gc=False):
    """One area this year: the colour to follow, the spaces taken (space, seat), the
    placements in an unlimited area (a Struct: made without running Python code; untracked,
    as nothing it holds can lead back to it)."""

    colour: str | None
    taken: list[tuple[int, int]]
    placed: int


#: An area nobody has placed on this year, as read by checks (never changed: placing makes
#: the area's own spot).
EMPTY_SPOT = Spot(None, [], 0)


class Display:
    """One section type's display and face-down pile (state.Market's fields)."""

    __slots__ = ("carried", "count", "pile", "section", "shown")

    def __init__(self, section: Section, count: int, pile: int, shown: list[Tile] | None,
                 carried: list[Tile]) -> None:
        self.section = section
        self.count = count
        self.pile = pile
        self.shown = shown
        self.carried = carried


class Table(Reads):
    """The whole table, changed in place by the referee (rules/engine.py).

    It holds every field of :class:`GameState` under the same name, and a few of its own
    (:data:`TABLE_ONLY`). A field's annotation here says how the table holds it: a ``list``
    or ``dict`` where the frozen state has a tuple (thawed into one, frozen back), as it is
    otherwise; :func:`snapshot`, :func:`thaw` and :func:`new_table` read the fields from
    there. A new field is two edits: the state's field (with its start as its default) and
    its annotation here (tests/test_table.py checks that the two agree)."""

    setup: Setup
    players: list[Hand]
    year: int
    turn: int | None
    caliph: int
    areas: dict[str, Spot]
    markets: dict[Section, Display]
    draw_pile: int
    lighted_stack: int
    labels: list[str]
    label_counts: dict[str, int]
    ledger: list[LedgerEntry]
    year_scores: list[tuple[YearScore, ...]]
    final: FinalEvaluation | None
    events: int
    noted: list[tuple[int, str]]
    gifts: list[tuple[str, int, Gift]]
    gift_deck: int
    gifts_on: bool  # the game uses the Gifts of the Caliph
    gifts_year: int
    chests: list[tuple[str, int]]
    bank_seen: list[tuple[int, int, int]]
    seats: dict[str, int]  # a player's name, as written and as name_key gives it, to seat
    after: tuple[tuple[int, ...], ...]  # by seat: the other seats clockwise from it
    playing: dict[str, bool]  # area key to whether it is on the table (state.in_play)
    tally: list[int]  # by seat: the points of the ledger's first ``tallied`` entries
    tallied: int
    noted_keys: set[tuple[int, str]]  # ``noted`` as a set: a move's notes tested in C

    __slots__ = tuple(__annotations__)

    def prestige_all(self) -> tuple[int, ...]:
        """Each player's prestige: their ledger entries summed on from the last call's."""
        tally, ledger = self.tally, self.ledger
        for e in ledger[self.tallied:]:
            tally[e.player] += e.points
        self.tallied = len(ledger)
        return tuple(tally)

    def note(self, key: str) -> None:
        """``key`` noted for this year, once: in ``noted`` and in ``noted_keys`` beside it."""
        k = (self.year, key)
        if k not in self.noted_keys:
            self.noted.append(k)
            self.noted_keys.add(k)

    def seat(self, name: str) -> int | None:
        """The seat of the player ``name`` means (the one name rule: core/names.py)."""
        seat = self.seats.get(name)
        if seat is None:
            seat = self.seats.get(name_key(name))
        return seat

    def area(self, area: str) -> Spot:
        return self.areas.get(area, EMPTY_SPOT)

    def market(self, section: Section) -> Display:
        return self.markets[section]

    def in_play(self, board: Board, area: str) -> bool:
        playing = self.playing.get(area)
        if playing is None:
            playing = self.playing[area] = in_play(board, self.setup, area)
        return playing

    def copy(self) -> Table:
        """A table that changes apart from this one (a check that must try a step: rare, so
        made through a snapshot rather than a second way to copy each part)."""
        return thaw(snapshot(self))


#: The table's own fields, which a frozen state does not keep (made again from its setup).
TABLE_ONLY = ("gifts_on", "seats", "after", "playing", "tally", "tallied", "noted_keys")


def thaw(state: GameState) -> Table:
    """A :class:`Table` holding ``state``, to check or carry out events on."""
    t = Table.__new__(Table)
    for name, thawed, _ in _FIELDS:
        setattr(t, name, thawed(getattr(state, name)))
    _table_only(t)
    return t


def new_table(board: Board, setup: Setup) -> Table:
    """Year 1 before the first turn: money by seat from the start player (R1), hands dealt,
    displays filled from the piles; every other field as :class:`GameState`'s default."""
    n = len(setup.players)
    hand = board.hand_size.get(n, 0)
    pro = setup.variant == Variant.PRO
    t = Table.__new__(Table)
    for name, thawed, _ in _FIELDS:
        default = _DEFAULTS.get(name, _REQUIRED)
        if default is not _REQUIRED:
            setattr(t, name, thawed(default))
    t.setup = setup
    t.players = [Hand(name, board.start_money[(seat - setup.start) % n], hand, (), [], [], 0)
                 for seat, name in enumerate(setup.players)]
    t.year, t.turn, t.caliph = 1, setup.start, setup.start
    t.areas = {}
    t.markets = {}
    for section in _SECTIONS:
        shown = min(board.display[section], board.tiles[section])
        t.markets[section] = Display(section, shown, board.tiles[section] - shown, None, [])
    t.draw_pile = board.buyers_total - hand * n
    t.lighted_stack = board.lighted_window_tiles if pro else 0
    if "gifts" in setup.expansions:
        t.gift_deck = board.gift_cards_pro if pro else board.gift_cards
    _table_only(t)
    return t


def _table_only(t: Table) -> None:
    """The table's own fields (:data:`TABLE_ONLY`), from the fields of the state it holds."""
    t.gifts_on = "gifts" in t.setup.expansions
    t.seats = {}
    for i, p in enumerate(t.players):  # each name as written, then as the name rule keys it
        t.seats.setdefault(p.name, i)
    for i, p in enumerate(t.players):
        t.seats.setdefault(name_key(p.name), i)
    n = len(t.players)
    t.after = tuple([tuple([(seat + step) % n for step in range(1, n)]) for seat in range(n)])
    t.playing = {}
    t.tally, t.tallied = [0] * n, 0
    t.noted_keys = set(t.noted)


_SECTIONS = tuple(Section)  # iterating the enum class is slow


def snapshot(t: Table) -> GameState:
    """The table as a frozen value."""
    return GameState(**{name: frozen(getattr(t, name)) for name, _, frozen in _FIELDS})


def _thaw_players(players: tuple[PlayerState, ...]) -> list[Hand]:
    return [Hand(p.name, p.money, p.buyers, p.towers, list(p.screen), list(p.lighted_known),
                 p.lighted_unknown) for p in players]


def _freeze_players(hands: list[Hand]) -> tuple[PlayerState, ...]:
    return tuple([PlayerState(p.name, p.money, p.buyers, p.towers, sorted_tiles(p.screen),
                              tuple(p.lighted_known), p.lighted_unknown) for p in hands])


def _thaw_areas(areas: tuple[tuple[str, AreaState], ...]) -> dict[str, Spot]:
    return {k: Spot(a.colour, list(a.taken), a.placed) for k, a in areas}


def _freeze_areas(spots: dict[str, Spot]) -> tuple[tuple[str, AreaState], ...]:
    return tuple([(k, AreaState(a.colour, tuple(a.taken), a.placed)) for k, a in spots.items()])


def _thaw_markets(markets: tuple[Market, ...]) -> dict[Section, Display]:
    return {m.section: Display(m.section, m.count, m.pile,
                               None if m.shown is None else list(m.shown), list(m.carried))
            for m in markets}


def _freeze_markets(displays: dict[Section, Display]) -> tuple[Market, ...]:
    return tuple([Market(m.section, m.count, m.pile, None if m.shown is None else tuple(m.shown),
                         tuple(m.carried)) for m in displays.values()])


def _sorted_items(mapping: dict[Any, Any]) -> tuple[tuple[Any, Any], ...]:
    return tuple(sorted(mapping.items()))


def _same(value: Any) -> Any:
    return value


#: Fields held otherwise than by their annotation's rule (below): (thaw, freeze)
_OWN: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "players": (_thaw_players, _freeze_players),
    "areas": (_thaw_areas, _freeze_areas),
    "markets": (_thaw_markets, _freeze_markets),
}
#: Each field of the frozen state: its name, how the table takes it, how a snapshot takes it
#: back. A ``list`` on the table is a tuple in the state; a ``dict``, its items sorted.
_FIELDS: tuple[tuple[str, Callable[[Any], Any], Callable[[Any], Any]], ...] = tuple(
    (name, *_OWN.get(name, (list, tuple) if Table.__annotations__[name].startswith("list[")
                     else (dict, _sorted_items)
                     if Table.__annotations__[name].startswith("dict[")
                     else (_same, _same)))
    for name in GameState.__struct_fields__)
_REQUIRED = object()
_DEFAULTS: dict[str, Any] = dict(zip(
    GameState.__struct_fields__[len(GameState.__struct_fields__)
                                - len(GameState.__struct_defaults__):],
    GameState.__struct_defaults__, strict=True))


#: What reads a position the same whether it is frozen or on the table.
Position = GameState | Table
PlayerLike = PlayerState | Hand


__all__ = ["EMPTY_SPOT", "Display", "Hand", "PlayerLike", "Position", "Spot", "Table",
           "new_table", "snapshot", "thaw"]
