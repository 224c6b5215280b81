"""One frozen value per physical action at the table (RULES.md R2-R4).

A turn event records the buyer placement and the move it allows; the area is fixed by the
event type, except for buying, where it is the section type of the market area. Two events
are not turns: a market display stated after a refill, and a checkpoint of what the prestige
track shows. Players are named as in the log header; the engine maps names to seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from asara_cli.rules.model import Colour, Section

#: The buyer value meaning "two buyers face down on one space" (R2.1).
PAIR = "pair"


class Area(StrEnum):
    """An area of the board where buyers are placed (R1, R2)."""

    BASE = "base"
    TRUNK = "trunk"
    WINDOW = "window"
    TURRET = "turret"
    CIRCLE = "circle"  # the building circle: plots 1..7
    BANK = "bank"
    COLOURED = "coloured"  # the coloured building beside the bank
    SPIES = "spies"  # House of Spies, bribery
    CALIPH = "caliph"
    TENT = "tent"  # pro: recruit buyers
    LIGHTED = "lighted"  # pro: House of the lighted windows


def market_area(section: Section) -> Area:
    return Area(section.value)


def gold_text(word: str, gold: bool) -> str:
    """``red`` or ``gold red``, ``window`` or ``gold window``: a colour or section type with
    its gold decoration, as the log and the table write it."""
    return f"gold {word}" if gold else str(word)


@dataclass(frozen=True, slots=True)
class Tile:
    """A section tile: type, colour and whether it carries a gold decoration."""

    section: Section
    colour: Colour
    gold: bool = False

    def __str__(self) -> str:
        return gold_text(f"{self.colour} {self.section}", self.gold)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a player's buyer went. ``buyer`` is a lowercase colour label, ``PAIR`` for two
    face-down buyers, or ``None`` for the coloured building's one face-down buyer. ``space``
    is ``None`` where the spaces of an area are alike and the log did not say which."""

    player: str
    buyer: str | None
    space: int | None = None

    @property
    def cards(self) -> int:
        return 2 if self.buyer == PAIR else 1

    @property
    def face_up(self) -> bool:
        return self.buyer is not None and self.buyer != PAIR


@dataclass(frozen=True, slots=True)
class Buy:
    """Market area of ``section`` (R3.1): ``tile`` is ``None`` when nothing was bought."""

    placement: Placement
    section: Section
    colour: Colour | None = None
    gold: bool = False

    @property
    def tile(self) -> Tile | None:
        return None if self.colour is None else Tile(self.section, self.colour, self.gold)


@dataclass(frozen=True, slots=True)
class Part:
    """One section placed in a tower: a plain tile from behind the screen."""

    section: Section
    gold: bool = False

    def __str__(self) -> str:
        return gold_text(self.section, self.gold)


@dataclass(frozen=True, slots=True)
class NewTower:
    """A tower begun in this build: base and turret included (R3.2)."""

    colour: Colour
    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class Addition:
    """Trunks and windows added to an existing tower. ``tower`` is the player's n-th tower of
    that colour in building order, counted from 1 (so no ids need inventing)."""

    colour: Colour
    tower: int
    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class LightedWindow:
    """A lighted window laid on a plain window that stood in the named tower before this
    build (R3.7); its colour is the tower's. ``on_gold``: it covers a gold window."""

    colour: Colour
    tower: int
    on_gold: bool = False


@dataclass(frozen=True, slots=True)
class Build:
    """Building circle plot ``plot`` (R3.2)."""

    placement: Placement
    plot: int
    new: tuple[NewTower, ...] = ()
    add: tuple[Addition, ...] = ()
    lighted: tuple[LightedWindow, ...] = ()

    @property
    def sections(self) -> int:
        """Sections placed, lighted windows included (each counts as one of the N)."""
        return (
            sum(len(t.parts) for t in self.new)
            + sum(len(a.parts) for a in self.add)
            + len(self.lighted)
        )


@dataclass(frozen=True, slots=True)
class Bank:
    """Bank space ``placement.space`` (1-based, in the profile's order): take ``amount``."""

    placement: Placement
    amount: int


@dataclass(frozen=True, slots=True)
class Coloured:
    """The coloured building: one face-down buyer, +5 (R3.3)."""

    placement: Placement


@dataclass(frozen=True, slots=True)
class Bribe:
    """House of Spies (R3.4): the space is its cost (3 or 5); ``pile`` is the face-down pile
    searched; ``colour``/``gold`` the tile taken, ``colour`` ``None`` when none was taken."""

    placement: Placement
    pile: Section
    colour: Colour | None = None
    gold: bool = False

    @property
    def tile(self) -> Tile | None:
        return None if self.colour is None else Tile(self.pile, self.colour, self.gold)


@dataclass(frozen=True, slots=True)
class Caliph:
    """The Caliph's patronage (R3.5)."""

    placement: Placement


@dataclass(frozen=True, slots=True)
class Recruit:
    """Pro, the tent (R3.6): pay ``cost`` (the space's printed cost), draw 2 buyers."""

    placement: Placement
    cost: int


@dataclass(frozen=True, slots=True)
class Lighted:
    """Pro, the House of the lighted windows (R3.7): pay 4 (keep 1) or 10 (keep 2).
    ``kept`` lists the colours kept where the log states them (they are secret: optional)."""

    placement: Placement
    pay: int
    kept: tuple[Colour, ...] = ()


@dataclass(frozen=True, slots=True)
class Display:
    """What a market display shows, stated by the table (an optional fact, R3.1): for each
    area given, every face-up tile there."""

    areas: tuple[tuple[Section, tuple[Tile, ...]], ...]


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """What the prestige track shows (and optionally money), to be confirmed by the replay."""

    prestige: tuple[tuple[str, int], ...] = ()
    money: tuple[tuple[str, int], ...] = ()


Turn = Buy | Build | Bank | Coloured | Bribe | Caliph | Recruit | Lighted
Event = Turn | Display | Checkpoint

TURN_TYPES: tuple[type, ...] = (Buy, Build, Bank, Coloured, Bribe, Caliph, Recruit, Lighted)


def area_of(event: Turn) -> Area:
    """The area a turn event places its buyer in."""
    if isinstance(event, Buy):
        return market_area(event.section)
    return _AREAS[type(event)]


_AREAS: dict[type, Area] = {
    Build: Area.CIRCLE,
    Bank: Area.BANK,
    Coloured: Area.COLOURED,
    Bribe: Area.SPIES,
    Caliph: Area.CALIPH,
    Recruit: Area.TENT,
    Lighted: Area.LIGHTED,
}


def is_turn(event: Event) -> bool:
    return isinstance(event, TURN_TYPES)
