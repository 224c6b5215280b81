"""Colour words a buyer card may show. Our rules reference does not list the box's five
buyer colours (R1: blue is in the rulebook, violet in reviews), so this is the common
colour vocabulary: a recorder's aid against typos (G15), never a rule. A near miss of one of
these words (``gren``) is refused even before the word is played; the words themselves are
never taken for typos of each other or of a label in play."""

from __future__ import annotations

COLOUR_NAMES = frozenset({
    "beige", "black", "blue", "brown", "cyan", "gold", "gray", "green", "grey", "lilac",
    "magenta", "orange", "pink", "purple", "red", "silver", "turquoise", "violet", "white",
    "yellow",
})
