"""One frozen value per physical action at the table (YSPAHAN.md Y7).

A log is a list of events: each day a :class:`Roll` by the start player, then one
:class:`Turn` per player in the order the referee derives (Y2.1, Y5.2); a
:class:`Checkpoint` may follow anywhere (the table's own totals, usually after a week end).
Everything else (tower rows, gains, points, week ends, turn order) is derived, never logged.

Players are named as in the setup; the engine maps names to seats. Cards are named by their
kind id from the board profile, or :data:`HIDDEN` for a draw the table keeps secret. A draw
is a fact the table states, written where it happens: the card-draw action, the caravanserai
draw of a cube reaching the caravan (a :class:`Send`, or a :class:`Play` of the caravan
card). Where the referee knows no card is left anywhere, the draw is written ``None``.
"""

from __future__ import annotations

from msgspec import Struct

#: A card drawn that the table keeps secret (Y7).
HIDDEN = "hidden"
#: The cell of an inner shop: it faces no street cell, and inner shops are interchangeable.
INNER = "inner"
#: Directions of the exchange card (Y3.9).
INTO_GOLD = "gold"
INTO_CAMELS = "camels"


class Shop(Struct, frozen=True):
    """A shop, as a log names it: its souk id and the street cell it faces, or ``inner``.
    A corner shop facing two cells may be named by either."""

    souk: str
    cell: str = INNER

    def __str__(self) -> str:
        return f"{self.souk}@{self.cell}"


class Play(Struct, frozen=True):
    """A card played for its effect (Y3.9): ``kind`` from the profile; ``k`` for goldvp,
    camelvp and exchange; ``into`` (``gold`` or ``camels``) for exchange; ``shop`` for the souk
    card; ``card`` the caravanserai draw when the caravan card's cube reaches the caravan."""

    kind: str
    k: int | None = None
    into: str | None = None
    shop: Shop | None = None
    card: str | None = None


class Roll(Struct, frozen=True):
    """The day's roll by its start player (Y2.3, Y2.4): the values of the white dice and of
    the yellow dice bought (as many as ``yellow`` lists). ``plays``: cards the start player
    plays before buying yellow dice (Y6.11; that window belongs to the start player's turn)."""

    player: str
    white: tuple[int, ...]
    yellow: tuple[int, ...] = ()
    plays: tuple[Play, ...] = ()


class Camels(Struct, frozen=True):
    """The camel row's action (Y3.1)."""


class Gold(Struct, frozen=True):
    """The gold row's action (Y3.2)."""


class Goods(Struct, frozen=True):
    """A quarter row's action (Y3.4): each cube's shop, in the order placed."""

    shops: tuple[Shop, ...]


class Send(Struct, frozen=True):
    """One cube sent to the caravan by the supervisor (Y3.6), in the mover's order: the souk
    of the shop facing the end cell; ``camel``: its owner returned a camel to keep the cube in
    the shop (one from the owner's supply goes instead); ``card``: the owner's caravanserai
    draw."""

    souk: str
    camel: bool = False
    card: str | None = None


class Supervisor(Struct, frozen=True):
    """Move the supervisor with the row's value (Y3.5): the end cell (Y6.1: the route is
    fixed by it) and every cube sent, in order."""

    to: str
    sends: tuple[Send, ...] = ()


class Draw(Struct, frozen=True):
    """Draw a card (Y3.3), also the turn with no row left (Y3.7): the card drawn."""

    card: str | None


Action = Camels | Gold | Goods | Supervisor | Draw


class Build(Struct, frozen=True):
    """Build one building (Y3.8); ``cards``: the cost cards (nocamels, nogold) played for it."""

    building: str
    cards: tuple[str, ...] = ()


class Turn(Struct, frozen=True):
    """A player's turn (Y2.5): cards played before taking a row (``before``), the row taken
    (``None``: no row was left, Y3.7), the card discarded for +1 die, the action, cards played
    after it (``after``), the building built, cards played after the build (``last``)."""

    player: str
    row: str | None
    action: Action
    discard: str | None = None
    build: Build | None = None
    before: tuple[Play, ...] = ()
    after: tuple[Play, ...] = ()
    last: tuple[Play, ...] = ()

    @property
    def plays(self) -> tuple[Play, ...]:
        return (*self.before, *self.after, *self.last)


class Checkpoint(Struct, frozen=True):
    """The table's own totals (usually after a week end), to be compared with the replay:
    ``(player, value)`` pairs of the score track, and optionally gold and camels."""

    scores: tuple[tuple[str, int], ...] = ()
    gold: tuple[tuple[str, int], ...] = ()
    camels: tuple[tuple[str, int], ...] = ()


Event = Roll | Turn | Checkpoint
