"""Small word helpers the referee's messages share."""

from __future__ import annotations

from collections.abc import Sequence

from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.model import Colour, Tower

__all__ = ["tower_label", "tower_name", "tower_word"]


def tower_name(colour: Colour, n: int) -> str:
    """``red tower``, ``2nd red tower`` in the language in use (rules/terms.py)."""
    return terms.tower(colour, n)


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
