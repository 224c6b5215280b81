"""The mutable table a replay updates in place (RULES.md R1-R5), and its frozen snapshots.

A replay keeps one :class:`Table` and lets each event change it, instead of building a new
frozen :class:`~asara_cli.games.asara.rules.state.GameState` per event: a game of a hundred
events is refereed in a fraction of the time. Callers still see frozen values:
:func:`snapshot` makes one where a caller asks for a state, :func:`thaw` turns one back into
a table. The table reads like the frozen state (the same field names, the same ``area``,
``market``, ``seat`` and ``prestige``), so a check reads the same on either.
"""

from __future__ import annotations

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
    Setup,
    gifts_on,
    in_play,
    sorted_tiles,
    vacant,
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

    @property
    def lighted_hidden(self) -> int:
        return len(self.lighted_known) + self.lighted_unknown


class Spot:
    """One area this year: the colour to follow, the spaces taken (space, seat), the
    placements in an unlimited area."""

    __slots__ = ("colour", "placed", "taken")

    def __init__(self, colour: str | None, taken: list[tuple[int, int]], placed: int) -> None:
        self.colour = colour
        self.taken = taken
        self.placed = placed

    def occupied(self, space: int) -> bool:
        return any(s == space for s, _ in self.taken)

    def spaces(self) -> tuple[int, ...]:
        return tuple(sorted(s for s, _ in self.taken))


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


class Table:
    """The whole table, changed in place by the referee (rules/engine.py)."""

    __slots__ = ("after", "areas", "bank_seen", "caliph", "chests", "draw_pile", "events", "final",
                 "gift_deck", "gifts", "gifts_on", "gifts_year", "label_counts", "labels", "ledger",
                 "lighted_stack", "markets", "noted", "players", "playing", "seats", "setup",
                 "turn", "year", "year_scores")

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

    @property
    def over(self) -> bool:
        return self.turn is None

    def seat(self, name: str) -> int | None:
        """The seat of the player ``name`` means (the one name rule: core/names.py)."""
        seat = self.seats.get(name)
        if seat is None:
            seat = self.seats.get(name_key(name))
        return seat

    def area(self, area: str) -> Spot:
        return self.areas.get(area, EMPTY_SPOT)

    def label_count(self, label: str) -> int:
        return self.label_counts.get(label, 0)

    def market(self, section: Section) -> Display:
        return self.markets[section]

    def prestige(self, seat: int) -> int:
        return sum(e.points for e in self.ledger if e.player == seat)

    def prestige_all(self) -> tuple[int, ...]:
        totals = [0] * len(self.players)
        for e in self.ledger:
            totals[e.player] += e.points
        return tuple(totals)

    def in_play(self, board: Board, area: str) -> bool:
        playing = self.playing.get(area)
        if playing is None:
            playing = self.playing[area] = in_play(board, self.setup, area)
        return playing

    def free_spaces(self, board: Board, area: str) -> tuple[int, ...] | None:
        return vacant(board, area, self.area(area).spaces())

    def gifts_at(self, area: str, space: int | None) -> tuple[Gift, ...]:
        return gifts_on(self.gifts, area, space)

    def copy(self) -> Table:
        """A table that changes apart from this one (a check that must try a step: rare, so
        made through a snapshot rather than a second way to copy each part)."""
        return thaw(snapshot(self))


def thaw(state: GameState) -> Table:
    """A :class:`Table` holding ``state``, to check or carry out events on."""
    t = Table.__new__(Table)
    t.setup = state.setup
    t.players = [Hand(p.name, p.money, p.buyers, p.towers, list(p.screen),
                      list(p.lighted_known), p.lighted_unknown) for p in state.players]
    t.year, t.turn, t.caliph = state.year, state.turn, state.caliph
    t.areas = {k: Spot(a.colour, list(a.taken), a.placed) for k, a in state.areas}
    t.markets = {m.section: Display(m.section, m.count, m.pile,
                                    None if m.shown is None else list(m.shown),
                                    list(m.carried)) for m in state.markets}
    t.draw_pile, t.lighted_stack = state.draw_pile, state.lighted_stack
    t.labels = list(state.labels)
    t.label_counts = dict(state.label_counts)
    t.ledger = list(state.ledger)
    t.year_scores = list(state.year_scores)
    t.final = state.final
    t.events = state.events
    t.noted = list(state.noted)
    t.gifts = list(state.gifts)
    t.gift_deck, t.gifts_year = state.gift_deck, state.gifts_year
    t.gifts_on = "gifts" in state.setup.expansions
    t.chests = list(state.chests)
    t.bank_seen = list(state.bank_seen)
    t.seats = _seats(tuple(p.name for p in state.players))
    t.after = _after(len(state.players))
    t.playing = {}
    return t


def new_table(board: Board, setup: Setup) -> Table:
    """Year 1 before the first turn: money by seat from the start player (R1), hands dealt,
    displays filled from the piles."""
    n = len(setup.players)
    hand = board.hand_size.get(n, 0)
    pro = setup.variant == Variant.PRO
    t = Table.__new__(Table)
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
    t.labels, t.label_counts, t.ledger, t.year_scores = [], {}, [], []
    t.final = None
    t.events = 0
    t.noted, t.gifts, t.chests, t.bank_seen = [], [], [], []
    t.gifts_on = "gifts" in setup.expansions
    t.gift_deck = (board.gift_cards_pro if pro else board.gift_cards) if t.gifts_on else 0
    t.gifts_year = 0
    t.seats = _seats(setup.players)
    t.after = _after(n)
    t.playing = {}
    return t


_SECTIONS = tuple(Section)  # iterating the enum class is slow


def _after(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple((seat + step) % n for step in range(1, n)) for seat in range(n))


def _seats(names: tuple[str, ...]) -> dict[str, int]:
    """Each player's name as written, then as the name rule keys it, to their seat."""
    seats: dict[str, int] = {}
    for i, name in enumerate(names):
        seats.setdefault(name, i)
    for i, name in enumerate(names):
        seats.setdefault(name_key(name), i)
    return seats


def snapshot(t: Table) -> GameState:
    """The table as a frozen value."""
    return GameState(
        setup=t.setup,
        players=tuple(PlayerState(p.name, p.money, p.buyers, p.towers, sorted_tiles(p.screen),
                                  tuple(p.lighted_known), p.lighted_unknown)
                      for p in t.players),
        year=t.year,
        turn=t.turn,
        caliph=t.caliph,
        areas=tuple((k, AreaState(a.colour, tuple(a.taken), a.placed))
                    for k, a in t.areas.items()),
        markets=tuple(Market(m.section, m.count, m.pile,
                             None if m.shown is None else tuple(m.shown), tuple(m.carried))
                      for m in t.markets.values()),
        draw_pile=t.draw_pile,
        lighted_stack=t.lighted_stack,
        labels=tuple(t.labels),
        label_counts=tuple(sorted(t.label_counts.items())),
        ledger=tuple(t.ledger),
        year_scores=tuple(t.year_scores),
        final=t.final,
        events=t.events,
        noted=tuple(t.noted),
        gifts=tuple(t.gifts),
        gift_deck=t.gift_deck,
        gifts_year=t.gifts_year,
        chests=tuple(t.chests),
        bank_seen=tuple(t.bank_seen),
    )


#: What reads a position the same whether it is frozen or on the table.
Position = GameState | Table
PlayerLike = PlayerState | Hand


__all__ = ["EMPTY_SPOT", "Display", "Hand", "PlayerLike", "Position", "Spot", "Table",
           "new_table", "snapshot", "thaw"]
