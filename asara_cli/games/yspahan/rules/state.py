"""The table: one mutable :class:`Table` a replay updates in place, and the frozen
:class:`GameState` callers see (:func:`snapshot`, and :func:`thaw` back).

A replay applies a hundred-odd events; copying a frozen state per event would be most of its
time, so the engine works on one :class:`Table` and a frozen snapshot is made only where a
caller asks for a state. Scores are never typed: each player's score is the sum of the
ledger's entries for that player (``Table.score`` is that sum, kept as it grows).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from msgspec import Struct

from asara_cli.core.i18n import Explained, Text
from asara_cli.core.names import name_key
from asara_cli.games.yspahan.rules.board import Board

ROLL = "roll"  # the day's start player rolls next
TURN = "turn"  # a player's turn is next
OVER = "over"  # the game has ended (Y4.6)

OPEN = "open"
SECRET = "secret"

#: Ledger sources (Y4): a building (Y4.3), a complete souk at a week end, market bonus
#: included (Y4.5), a cube's caravan place (Y4.1), the caravan's evaluation when full or at a
#: week end (Y4.2), and the two point cards (Y4.4).
BUILDING = "building"
SOUK = "souk"
CARAVAN = "caravan"
CARAVAN_FULL = "caravan_full"
CARAVAN_WEEK = "caravan_week"
GOLDVP = "goldvp"
CAMELVP = "camelvp"
SOURCES = (BUILDING, SOUK, CARAVAN, CARAVAN_FULL, CARAVAN_WEEK, GOLDVP, CAMELVP)


class Setup(Struct, frozen=True):
    """Who plays: names in clockwise seat order, the oldest player's seat (the first start
    player, Y1), optional colours by seat, and whether hands are ``open`` or ``secret``."""

    players: tuple[str, ...]
    oldest: int = 0
    colours: tuple[str, ...] = ()
    hands: str = OPEN


class LedgerEntry(Struct, Explained, frozen=True):
    """Points given to seat ``player``, with where they came from: ``source`` (one of
    :data:`SOURCES`), the week and day, the event that scored them, and the arithmetic
    (``said``, made into words when shown: :attr:`explanation`)."""

    player: int
    points: int
    source: str
    week: int
    day: int
    event: int
    said: Text


class Row(Struct, frozen=True):
    """A row of dice on the tower (Y2.4): their value, how many, how many of them yellow."""

    value: int
    dice: int
    yellow: int = 0


class PlayerState(Struct, frozen=True):
    """One player: holdings, hand, buildings in the order built, score, cubes at home.
    ``hand`` lists the known kinds (sorted); ``hidden`` counts cards of unknown kind."""

    name: str
    gold: int
    camels: int
    hand: tuple[str, ...]
    hidden: int
    buildings: tuple[str, ...]
    score: int
    cubes: int

    @property
    def cards(self) -> int:
        return len(self.hand) + self.hidden


class SoukState(Struct, frozen=True):
    """A souk's cubes: its owner's seat (``None`` when empty), which street-side shops hold a
    cube (by the souk's street order) and how many inner shops do."""

    owner: int | None
    street: tuple[bool, ...]
    inner: int

    @property
    def filled(self) -> int:
        return sum(self.street) + self.inner


class GameState(Struct, frozen=True):
    """The whole table after some events, as a frozen value (see :func:`snapshot`).

    ``phase`` is :data:`ROLL`, :data:`TURN` or :data:`OVER`; ``to_move`` the seat expected
    next (``None`` when over); ``order`` today's turn order and ``done`` how many of those
    turns were taken; ``tower`` the six rows bottom to top (``None``: empty; 0 dice: it held
    only yellow dice, gone after the start player's turn). ``deck_kinds`` is what the deck
    holds by kind when hands are open (empty when secret)."""

    setup: Setup
    events: int
    week: int
    day: int
    phase: str
    to_move: int | None
    start: int
    order: tuple[int, ...]
    done: int
    tower: tuple[Row | None, ...]
    players: tuple[PlayerState, ...]
    souks: tuple[SoukState, ...]
    supervisor: str
    caravan: tuple[int, ...]
    deck: int
    deck_kinds: tuple[tuple[str, int], ...]
    discard: tuple[str, ...]
    gold_supply: int
    camel_supply: int
    ledger: tuple[LedgerEntry, ...]
    previous_start: int = 0  # the day before's start player (the Y5.2 tie-break)
    #: this turn's cost waivers so far (Y3.8), and whether a played card (not a cost card of
    #: the build) gave one (Y6.12)
    waive_camels: bool = False
    waive_gold: bool = False
    waived_by_play: bool = False
    #: per seat, a cost card's credit kept for a later building (the profile's switch
    #: cost_card_credit_kept, docs/rulings.md Y-R13): no camels, no gold
    credit_camels: tuple[bool, ...] = ()
    credit_gold: tuple[bool, ...] = ()
    #: who took each tower row today (a seat, or -1): a refusal of an empty row says who
    taken: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(p.score for p in self.players)

    def seat(self, name: str) -> int | None:
        key = name_key(name)
        return next((i for i, p in enumerate(self.players) if name_key(p.name) == key), None)


class Table:
    """The mutable table the engine updates in place. Seats index every per-player list.

    A field of :class:`GameState` that the table holds under the same name is read from
    here by :func:`snapshot` and :func:`thaw`: a ``list`` annotation is the state's tuple
    thawed, anything else is kept as it is. The state's other fields (each player's and
    souk's, the tower, the deck and the discard) the table holds otherwise, in
    :data:`_OWN`. A new field is two edits: the state's field and its annotation here
    (tests/test_position_fields.py checks that the two agree).

    Supplies count from the profile's limit (or from 0 when unlimited, so they may go below
    0: what left minus what came back). ``cubes`` counts each player's cubes at home the same
    way, from the limit less the score marker."""

    board: Board
    setup: Setup
    names: tuple[str, ...]
    seats: dict[str, int]  # each name as written and as the name rule keys it (core/names.py)
    n: int
    events: int
    week: int
    day: int
    phase: str
    start: int
    previous_start: int
    order: list[int]
    done: int
    tower: list[list[int] | None]  # [value, dice, yellow]; 0 dice: its yellow dice left
    taken: list[int]  # per row: the seat that took it today, or -1
    gold: list[int]
    camels: list[int]
    hand: list[dict[str, int]]
    hidden: list[int]
    built: list[list[str]]
    score: list[int]
    cubes: list[int]
    owner: list[int]  # per souk: owner seat or -1
    filled: list[int]
    street: list[list[bool]]
    inner: list[int]
    supervisor: str
    caravan: list[int]
    deck: int
    deck_kinds: dict[str, int]
    discard: dict[str, int]
    gold_supply: int
    camel_supply: int
    ledger: list[LedgerEntry]
    # this turn only: cost waivers (Y3.8, Y6.12) and whether the player built
    waive_camels: bool
    waive_gold: bool
    waived_by_play: bool
    turn_built: bool
    # per seat: a cost card's credit kept for a later building (cost_card_credit_kept)
    credit_camels: list[bool]
    credit_gold: list[bool]

    __slots__ = tuple(__annotations__)

    @property
    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.order[self.done] if self.done < len(self.order) else None

    @property
    def open_hands(self) -> bool:
        return self.setup.hands != SECRET

    def hand_size(self, seat: int) -> int:
        return sum(self.hand[seat].values()) + self.hidden[seat]

    def discard_size(self) -> int:
        return sum(self.discard.values())

    def copy(self) -> Table:
        """An independent copy (lists and dicts copied; the ledger's entries are frozen).
        Every field assigned by name, as :func:`new_table` does: a loop of ``setattr`` took
        three times as long (tests/test_position_fields.py checks that each is copied)."""
        t = Table.__new__(Table)
        t.board, t.setup, t.names, t.seats, t.n = (self.board, self.setup, self.names,
                                                   self.seats, self.n)
        t.events, t.week, t.day, t.phase = self.events, self.week, self.day, self.phase
        t.start, t.previous_start, t.done = self.start, self.previous_start, self.done
        t.order, t.taken = self.order[:], self.taken[:]
        t.tower = [None if r is None else r[:] for r in self.tower]
        t.gold, t.camels, t.hidden = self.gold[:], self.camels[:], self.hidden[:]
        t.hand = [h.copy() for h in self.hand]
        t.built = [b[:] for b in self.built]
        t.score, t.cubes, t.owner = self.score[:], self.cubes[:], self.owner[:]
        t.filled, t.inner = self.filled[:], self.inner[:]
        t.street = [s[:] for s in self.street]
        t.supervisor, t.caravan = self.supervisor, self.caravan[:]
        t.deck, t.deck_kinds, t.discard = self.deck, self.deck_kinds.copy(), self.discard.copy()
        t.gold_supply, t.camel_supply = self.gold_supply, self.camel_supply
        t.ledger = self.ledger[:]
        t.waive_camels, t.waive_gold = self.waive_camels, self.waive_gold
        t.waived_by_play, t.turn_built = self.waived_by_play, self.turn_built
        t.credit_camels, t.credit_gold = self.credit_camels[:], self.credit_gold[:]
        return t


def new_table(board: Board, setup: Setup) -> Table:
    """The table before the first roll (Y1 start): 2 gold each, no camels, no cards, score
    0, the supervisor on the centre cell, the oldest player to roll."""
    t = Table.__new__(Table)
    n = len(setup.players)
    t.board, t.setup, t.names, t.n = board, setup, setup.players, n
    t.seats = {}
    for i, name in enumerate(setup.players):
        t.seats.setdefault(name_key(name), i)
    for i, name in enumerate(setup.players):  # as written too, where it means that seat
        if t.seats[name_key(name)] == i:
            t.seats.setdefault(name, i)
    t.events = 0
    t.week = t.day = 1
    t.phase = ROLL
    start = setup.oldest if 0 <= setup.oldest < max(n, 1) else 0
    t.start = t.previous_start = start
    t.order = [(start + i) % n for i in range(n)] if n else []
    t.done = 0
    t.tower = [None] * len(board.rows)
    t.taken = [-1] * len(board.rows)
    t.gold = [board.start_gold] * n
    t.camels = [board.start_camels] * n
    t.hand = [{} for _ in range(n)]
    t.hidden = [0] * n
    t.built = [[] for _ in range(n)]
    t.score = [0] * n
    home = 0 if board.cube_supply is None else board.cube_supply - 1  # less the score marker
    t.cubes = [home] * n
    t.owner = [-1] * len(board.souks)
    t.filled = [0] * len(board.souks)
    t.street = [[False] * len(s.street) for s in board.souks]
    t.inner = [0] * len(board.souks)
    t.supervisor = board.centre
    t.caravan = []
    t.deck = board.deck
    t.deck_kinds = {k: c.copies for k, c in board.cards.items()}
    t.discard = {}
    t.gold_supply = (board.gold_supply or 0) - board.start_gold * n
    t.camel_supply = (board.camel_supply or 0) - board.start_camels * n
    t.ledger = []
    t.waive_camels = t.waive_gold = t.waived_by_play = t.turn_built = False
    t.credit_camels = [False] * n
    t.credit_gold = [False] * n
    return t


def snapshot(t: Table) -> GameState:
    """The table as a frozen value."""
    return GameState(**{name: freeze(t) for name, freeze, _ in _FIELDS})


def thaw(board: Board, state: GameState) -> Table:
    """A :class:`Table` holding ``state``, for :func:`check` and :func:`apply` on it."""
    t = new_table(board, state.setup)
    for name, _, thawed in _FIELDS:
        if thawed is not None:
            thawed(t, getattr(state, name))
    return t


def _players(t: Table) -> tuple[PlayerState, ...]:
    return tuple(
        PlayerState(name, t.gold[i], t.camels[i],
                    tuple(sorted(k for k, c in t.hand[i].items() for _ in range(c))),
                    t.hidden[i], tuple(t.built[i]), t.score[i], t.cubes[i])
        for i, name in enumerate(t.names))


def _thaw_players(t: Table, players: tuple[PlayerState, ...]) -> None:
    for i, p in enumerate(players):
        t.gold[i], t.camels[i], t.hidden[i], t.score[i], t.cubes[i] = (
            p.gold, p.camels, p.hidden, p.score, p.cubes)
        t.hand[i] = dict(Counter(p.hand))
        t.built[i] = list(p.buildings)


def _souks(t: Table) -> tuple[SoukState, ...]:
    return tuple(SoukState(None if t.owner[s] < 0 else t.owner[s], tuple(t.street[s]),
                           t.inner[s]) for s in range(len(t.owner)))


def _thaw_souks(t: Table, souks: tuple[SoukState, ...]) -> None:
    for s, souk in enumerate(souks):
        t.owner[s] = -1 if souk.owner is None else souk.owner
        t.street[s] = list(souk.street)
        t.inner[s] = souk.inner
        t.filled[s] = souk.filled


_Freeze = Callable[[Table], Any]
_Thaw = Callable[[Table, Any], None] | None

#: The state's fields that the table holds otherwise than under their own name: how a
#: snapshot reads each, and how :func:`thaw` puts it back (``None``: worked out, not kept).
_OWN: dict[str, tuple[_Freeze, _Thaw]] = {
    "players": (_players, _thaw_players),
    "souks": (_souks, _thaw_souks),
    "tower": (lambda t: tuple(None if r is None else Row(*r) for r in t.tower),
              lambda t, tower: setattr(t, "tower", [
                  None if r is None else [r.value, r.dice, r.yellow] for r in tower])),
    # secret hands: the deck's kinds are not kept, and stay as the profile has them
    "deck_kinds": (lambda t: tuple(sorted(t.deck_kinds.items())) if t.open_hands else (),
                   lambda t, kinds: setattr(t, "deck_kinds", dict(kinds) if t.open_hands
                                            else t.deck_kinds)),
    "discard": (lambda t: tuple(sorted(k for k, c in t.discard.items() for _ in range(c))),
                lambda t, discard: setattr(t, "discard", dict(Counter(discard)))),
    "to_move": (attrgetter("to_move"), None),
}


def _held(name: str) -> tuple[_Freeze, _Thaw]:
    """How a field the table holds under its own name goes to the state and back."""
    getter = attrgetter(name)
    if Table.__annotations__[name].startswith("list["):
        return (lambda t: tuple(getter(t)),
                lambda t, value: setattr(t, name, list(value)))
    return getter, lambda t, value: setattr(t, name, value)


#: Each field of the frozen state: its name, how a snapshot reads it from the table, how
#: :func:`thaw` puts it back.
_FIELDS: tuple[tuple[str, _Freeze, _Thaw], ...] = tuple(
    (name, *(_OWN[name] if name in _OWN else _held(name)))
    for name in GameState.__struct_fields__)
