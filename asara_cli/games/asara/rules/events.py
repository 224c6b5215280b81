"""One frozen value per physical action at the table (RULES.md R2-R4, R6).

A turn is a *placement* (who, which buyer or pair, which space) and an *action*: the move of
the area the buyer went to (R2). Which area is fixed by the action: a purchase names its
market area by the section type, every other action has one area. The area kinds that
check and carry out each action live in ``rules/areas``, one module each.

Some events are not turns: facts the table states (a market display after a refill, the
Caliph's gifts dealt at a year's start) and a checkpoint of what the prestige track shows.
Players are named as in the log header; the engine maps names to seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from msgspec import Struct

from asara_cli.games.asara.rules.model import Colour, Section

#: The buyer value meaning "two buyers face down on one space" (R2.1).
PAIR = "pair"


class Area(StrEnum):
    """The areas of the printed board, by their key in the board profile (R1, R2, R6.2)."""

    BASE = "base"
    TRUNK = "trunk"
    WINDOW = "window"
    TURRET = "turret"
    BANK = "bank"
    COLOURED = "coloured"  # the coloured building beside the bank
    SPIES = "spies"  # House of Spies, bribery
    CALIPH = "caliph"
    TENT = "tent"  # pro: recruit buyers
    LIGHTED = "lighted"  # pro: House of the lighted windows
    GENIE = "genie"  # expansion: House of the Bottle Genie


def gold_text(word: str, gold: bool) -> str:
    """``red`` or ``gold red``, ``window`` or ``gold window``: a colour or section type with
    its gold decoration, as the log and the table write it."""
    return f"gold {word}" if gold else str(word)


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Tile:
    """A section tile: type, colour and whether it carries a gold decoration.

    There is one value per kind of tile: ``Tile(...)`` gives back the same object for the
    same type, colour and gold, so tiles compare and hash by identity, at C speed. A replay
    looks tiles up in displays and screens for nearly every event."""

    section: Section
    colour: Colour
    gold: bool = False

    def __new__(cls, section: Section, colour: Colour, gold: bool = False) -> Tile:
        tile = TILES.get((section, colour, gold))
        if tile is None:  # the first of its kind, or values to be made members first
            key = (Section(section), Colour(colour), bool(gold))
            tile = TILES.get(key)
            if tile is None:
                tile = object.__new__(cls)
                for name, value in zip(("section", "colour", "gold"), key, strict=True):
                    object.__setattr__(tile, name, value)
                TILES[key] = tile
        return tile

    def __reduce__(self) -> tuple[type[Tile], tuple[Section, Colour, bool]]:
        # pickled and copied through Tile(...), so a copy is the one value again
        return Tile, (self.section, self.colour, self.gold)

    def __str__(self) -> str:
        return gold_text(f"{self.colour} {self.section}", self.gold)


#: The one value of each tile made so far: a replay finds a tile here, without a call.
TILES: dict[tuple[Section, Colour, bool], Tile] = {}
#: ``TILES.get``, bound once: CPython (3.11 to 3.13) compiles a method called on an imported
#: name as an attribute load, bound anew each call (a market's check finds its tile here).
known_tile = TILES.get


class Placement(Struct, frozen=True):
    """Where a player's buyer went. ``buyer`` is a lowercase colour label, ``PAIR`` for two
    face-down buyers, or ``None`` for the coloured building's one face-down buyer. ``space``
    is the space's number as the log names it (a plot, or the printed cost where spaces are
    named by cost); ``None`` where the spaces of an area are alike and the log did not say."""

    player: str
    buyer: str | None
    space: int | None = None


# --- actions: one per area kind ----------------------------------------------------------------


class Buy(Struct, frozen=True):
    """Market area of ``section`` (R3.1): the tile bought, ``colour`` ``None`` when nothing."""

    section: Section
    colour: Colour | None = None
    gold: bool = False

    @property
    def tile(self) -> Tile | None:
        if self.colour is None:
            return None
        # the one value of that tile, found without a call where it exists already
        return TILES.get((self.section, self.colour, self.gold)) or Tile(
            self.section, self.colour, self.gold)


class Part(Struct, frozen=True):
    """One section placed in a tower: a plain tile from behind the screen."""

    section: Section
    gold: bool = False

    def __str__(self) -> str:
        return gold_text(self.section, self.gold)


class NewTower(Struct, frozen=True):
    """A tower begun in this build: base and turret included (R3.2)."""

    colour: Colour
    parts: tuple[Part, ...]


class Addition(Struct, frozen=True):
    """Trunks and windows added to an existing tower. ``tower`` is the player's n-th tower of
    that colour in building order, counted from 1 (so no ids need inventing)."""

    colour: Colour
    tower: int
    parts: tuple[Part, ...]


class LightedWindow(Struct, frozen=True):
    """A lighted window laid on a plain window that stood in the named tower before this
    build (R3.7); its colour is the tower's. ``on_gold``: it covers a gold window."""

    colour: Colour
    tower: int
    on_gold: bool = False


class Build(Struct, frozen=True):
    """Building circle (R3.2): the plot is the placement's space."""

    new: tuple[NewTower, ...] = ()
    add: tuple[Addition, ...] = ()
    lighted: tuple[LightedWindow, ...] = ()

    @property
    def sections(self) -> int:
        """Sections placed, lighted windows included (each counts as one of the N)."""
        n = len(self.lighted)
        for t in self.new:
            n += len(t.parts)
        for a in self.add:
            n += len(a.parts)
        return n

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The plain tiles the build takes from behind the screen."""
        # each tile's one value found directly where it exists (a replay asks twice a build)
        found = []
        get = TILES.get
        towers: tuple[NewTower | Addition, ...] = (*self.new, *self.add)
        for tower in towers:
            colour = tower.colour
            for p in tower.parts:
                found.append(get((p.section, colour, p.gold))
                             or Tile(p.section, colour, p.gold))
        return tuple(found)


class Bank(Struct, frozen=True):
    """Bank (R3.3): take ``amount`` (the space's printed value)."""

    amount: int


class Coloured(Struct, frozen=True):
    """The coloured building: one face-down buyer, +5 (R3.3)."""


class Bribe(Struct, frozen=True):
    """House of Spies (R3.4): the space is its cost (3 or 5); ``pile`` is the face-down pile
    searched; ``colour``/``gold`` the tile taken, ``colour`` ``None`` when none was taken."""

    pile: Section
    colour: Colour | None = None
    gold: bool = False

    @property
    def tile(self) -> Tile | None:
        return None if self.colour is None else Tile(self.pile, self.colour, self.gold)


class Caliph(Struct, frozen=True):
    """The Caliph's patronage (R3.5)."""


class Recruit(Struct, frozen=True):
    """Pro, the tent (R3.6): pay ``cost`` (the space's printed cost), draw 2 buyers."""

    cost: int


class Lighted(Struct, frozen=True):
    """Pro, the House of the lighted windows (R3.7): pay 4 (keep 1) or 10 (keep 2).
    ``kept`` lists the colours kept where the log states them (they are secret: optional)."""

    pay: int
    kept: tuple[Colour, ...] = ()


class Genie(Struct, frozen=True):
    """The House of the Bottle Genie (R6.2): after paying the genie's space, one move of
    another area without placing a buyer there. ``space`` is the space of that area whose
    printed number the move uses (the plot built on, the bank space taken, the spies' cost);
    ``None`` where the move needs none. ``move`` is ``None`` for a visit that wishes for
    nothing: the player *may* wish (X13)."""

    move: Action | None
    space: int | None = None


Action = Buy | Build | Bank | Coloured | Bribe | Caliph | Recruit | Lighted | Genie


# --- Gifts of the Caliph (R6.1) ------------------------------------------------------------------


class GiftKind(StrEnum):
    """What a gift card gives (R6.1)."""

    BUYER = "buyer"  # a buyer of the player's choice from the deck joins the hand
    ASARI = "asari"  # the Asari shown on the card
    BUY = "buy"  # a compulsory purchase at the market area of the card's section type
    PRESTIGE = "prestige"  # +2 prestige at once
    LIGHTED = "lighted"  # pro: a compulsory lighted window for 4, chosen from the stack


class Gift(Struct, frozen=True):
    """One gift card as dealt: its kind, the Asari shown (``asari``) or the section type of
    the market area (``buy``)."""

    kind: GiftKind
    amount: int | None = None
    section: Section | None = None

    def __str__(self) -> str:
        if self.kind == GiftKind.ASARI:
            return f"asari {self.amount}"
        if self.kind == GiftKind.BUY:
            return f"buy {self.section}"
        return str(self.kind)


class GiftUse(Struct, frozen=True):
    """How a claimed gift was resolved: the buyer colour chosen (``buyer``), the tile bought
    (``buy``, ``colour`` ``None`` = nothing could be bought) or the lighted window kept
    (``lighted``: ``taken`` false when it could not be bought; ``colour`` ``None`` = secret)."""

    gift: Gift
    buyer: str | None = None
    colour: Colour | None = None
    gold: bool = False
    taken: bool = True

    @property
    def tile(self) -> Tile | None:
        if self.gift.kind != GiftKind.BUY or self.colour is None or self.gift.section is None:
            return None
        return Tile(self.gift.section, self.colour, self.gold)


class Turn(Struct, frozen=True):
    """A player's turn: the buyer placed, then the area's action (R2). ``gifts`` are the
    Caliph's gifts claimed on that space, resolved before the action (R6.1)."""

    placement: Placement
    action: Action
    gifts: tuple[GiftUse, ...] = ()

    @property
    def player(self) -> str:
        return self.placement.player

    @property
    def carried_out(self) -> Action:
        """The move done: the one a Bottle Genie wish grants (R6.2), else the action (the
        genie's own visit when it wished for nothing)."""
        if isinstance(self.action, Genie) and self.action.move is not None:
            return self.action.move
        return self.action


class Display(Struct, frozen=True):
    """What a market display shows, stated by the table (an optional fact, R3.1): for each
    area given, every face-up tile there."""

    areas: tuple[tuple[Section, tuple[Tile, ...]], ...]


class GiftsDealt(Struct, frozen=True):
    """The Caliph's gifts dealt face up at a year's start (a fact, R6.1): ``(area, space,
    gift)`` for each card."""

    gifts: tuple[tuple[str, int, Gift], ...]


class Checkpoint(Struct, frozen=True):
    """What the prestige track shows (and optionally money), to be confirmed by the replay."""

    prestige: tuple[tuple[str, int], ...] = ()
    money: tuple[tuple[str, int], ...] = ()


Fact = Display | GiftsDealt | Checkpoint
Event = Turn | Fact
