"""Frozen values the rules talk about: colours, section types, towers."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from msgspec import Struct


class Colour(StrEnum):
    """A tower colour (the material of a section). Order is the price order."""

    BROWN = "brown"
    GREEN = "green"
    RED = "red"
    BLACK = "black"
    WHITE = "white"


class Section(StrEnum):
    """A section type; each has its own market area and face-down pile."""

    BASE = "base"
    TRUNK = "trunk"
    WINDOW = "window"
    TURRET = "turret"


class Variant(StrEnum):
    BASIC = "basic"
    PRO = "pro"


class Tower(Struct, frozen=True):
    """A built tower: one colour, one base, one turret, any trunks and windows (R3.2).

    ``gold`` counts gold-decorated sections in it; ``lighted`` counts lighted windows laid on
    its windows, ``lighted_on_gold`` how many of those cover a gold window (that gold no longer
    scores, R3.7). Lighted windows add no height.
    """

    colour: Colour
    trunks: int = 0
    windows: int = 0
    gold: int = 0
    gold_windows: int = 0
    lighted: int = 0
    lighted_on_gold: int = 0

    @property
    def height(self) -> int:
        return 2 + self.trunks + self.windows

    @property
    def visible_gold(self) -> int:
        return self.gold - self.lighted_on_gold

    @property
    def free_plain_windows(self) -> int:
        """Windows without gold that no lighted window covers yet (R3.7)."""
        return (self.windows - self.gold_windows) - (self.lighted - self.lighted_on_gold)

    @property
    def free_gold_windows(self) -> int:
        """Gold windows that no lighted window covers yet (R3.7)."""
        return self.gold_windows - self.lighted_on_gold

    @classmethod
    def of_height(cls, colour: Colour, height: int, lighted: int = 0) -> Tower:
        """A tower known only by its height and lighted windows (a position sheet).

        The sheet does not say which middle sections are windows; lighted windows need
        windows under them, so that many middle sections are taken to be windows.
        """
        middle = height - 2
        return cls(colour=colour, trunks=middle - lighted, windows=lighted, lighted=lighted)


def tower_word(colour: Colour, n: int) -> str:
    """The n-th tower of a colour as the build command and the log name it: ``red``,
    ``red 2``."""
    return str(colour) if n == 1 else f"{colour} {n}"


def tower_label(towers: Sequence[Tower], index: int) -> str:
    """A player's tower as the build command names it: ``red`` for their only red tower,
    else ``red 1``, ``red 2`` ... in the order they were built."""
    colour = towers[index].colour
    same = [i for i, t in enumerate(towers) if t.colour == colour]
    return str(colour) if len(same) == 1 else f"{colour} {same.index(index) + 1}"
