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


class Hand(Struct, gc=False):
    """One player at the table (state.PlayerState's fields): the towers
    frozen (a build replaces the tuple); the screen in no order (a tile bought is appended),
    sorted in a snapshot."""

    name: str
    money: int
    buyers: int
    towers: tuple[Tower, ...]
    screen: list[Tile]
    lighted_known: list[Colour]
    lighted_unknown: int


class Spot(Taken, Struct, gc=False):
    """One area this year (state.AreaState's fields): the colour to follow, the spaces
    taken (space, seat), the placements in an unlimited area."""

    colour: str | None
    taken: list[tuple[int, int]]
    placed: int


#: An area nobody has placed on this year, as read by checks (never changed: placing makes
#: the area's own spot).
EMPTY_SPOT = Spot(None, [], 0)


class Display(Struct, gc=False):
    """One section type's display and face-down pile (state.Market's fields)."""

    section: Section
    count: int
    pile: int
    shown: list[Tile] | None
    carried: list[Tile]


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

    __slots__ = tuple(__annotations__)

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
TABLE_ONLY = ("gifts_on", "seats", "after", "playing")


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
    t.after = tuple(tuple((seat + step) % n for step in range(1, n)) for seat in range(n))
    t.playing = {}


_SECTIONS = tuple(Section)  # iterating the enum class is slow


def snapshot(t: Table) -> GameState:
    """The table as a frozen value."""
    return GameState(**{name: frozen(getattr(t, name)) for name, _, frozen in _FIELDS})


def _same(value: Any) -> Any:
    return value


def _lists(value: Any) -> Any:
    return value if value is None else list(value)


def _tuples(value: Any) -> Any:
    return value if value is None else tuple(value)


Convert = Callable[[Any], Any]
#: How the table holds a field, by its annotation there: a ``list`` is a tuple in the state
#: (``None`` kept), a ``dict`` its items sorted; another field as it is. (thaw, freeze)
_HELD: dict[str, tuple[Convert, Convert]] = {
    "list": (_lists, _tuples), "dict": (dict, lambda d: tuple(sorted(d.items())))}


def _rules(thawed: type, frozen: Any, **own: tuple[Convert, Convert]
           ) -> list[tuple[str, Convert, Convert]]:
    """Each field of ``frozen``: its name, how ``thawed`` takes it and how ``frozen`` takes
    it back, by ``thawed``'s annotation (``own``: held otherwise)."""
    return [(name, *(own.get(name) or _HELD.get(
        thawed.__annotations__[name].partition("[")[0], (_same, _same))))
        for name in frozen.__struct_fields__]


def _part(thawed: Any, frozen: Any, **own: tuple[Convert, Convert]) -> tuple[Convert, Convert]:
    """(thaw, freeze) of one part of the table (a player, an area, a display), each written
    out once as a call naming every field, so that it runs as fast as one written by hand (a
    replay with ``states`` makes a snapshot per event)."""
    rules = _rules(thawed, frozen, **own)
    made = []
    for i, cls in ((1, thawed), (2, frozen)):
        env: dict[str, Any] = {"cls": cls}
        args = []
        for rule in rules:
            name, convert = rule[0], rule[i]
            env[f"_{name}"] = convert
            args.append(f"{name}=v.{name}" if convert is _same else f"{name}=_{name}(v.{name})")
        made.append(eval(f"lambda v: cls({', '.join(args)})", env))
    return made[0], made[1]


_hand, _player = _part(Hand, PlayerState, screen=(list, sorted_tiles))
_spot, _area = _part(Spot, AreaState)
_display, _market = _part(Display, Market)
#: Each field of the frozen state: its name, how the table takes it, how a snapshot takes it
#: back (the players, areas and markets part by part).
_FIELDS = _rules(
    Table, GameState,
    players=(lambda ps: list(map(_hand, ps)), lambda hs: tuple(map(_player, hs))),
    areas=(lambda areas: {k: _spot(a) for k, a in areas},
           lambda spots: tuple((k, _area(a)) for k, a in spots.items())),
    markets=(lambda ms: {m.section: _display(m) for m in ms},
             lambda ds: tuple(map(_market, ds.values()))))
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
