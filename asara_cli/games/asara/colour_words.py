"""Colour words a buyer card may show. Our rules reference does not list the box's five
buyer colours (R1: blue is in the rulebook, violet in reviews), so this is the common
colour vocabulary: a recorder's aid against typos (G15), never a rule. A near miss of one of
these words (``gren``) is refused even before the word is played; the words themselves are
never taken for typos of each other or of a label in play."""

from __future__ import annotations

from collections.abc import Sequence

COLOUR_NAMES = frozenset({
    "beige", "black", "blue", "brown", "cyan", "gold", "gray", "green", "grey", "lilac",
    "magenta", "orange", "pink", "purple", "red", "silver", "turquoise", "violet", "white",
    "yellow",
})

#: The German words of those colours (folded: umlauts spelt out, ``ß`` as ``ss``) where they
#: differ from the English word, read as the English word the log keeps (``blau`` -> ``blue``;
#: the German rulebook's "blauer Einkäufer"). ``grau`` is grey or gray: whichever the table
#: plays, else grey.
GERMAN_COLOUR_NAMES: dict[str, tuple[str, ...]] = {
    "blau": ("blue",), "gelb": ("yellow",), "grau": ("grey", "gray"), "violett": ("violet",),
    "lila": ("purple",), "flieder": ("lilac",), "rosa": ("pink",), "schwarz": ("black",),
    "braun": ("brown",), "gruen": ("green",), "grun": ("green",), "rot": ("red",),
    "weiss": ("white",), "silber": ("silver",), "tuerkis": ("turquoise",),
    "turkis": ("turquoise",),
}


def english(word: str, labels: Sequence[str] = ()) -> str | None:
    """The English colour word a German one (folded) names, the one in ``labels`` first;
    ``None`` for a word that is not one of GERMAN_COLOUR_NAMES."""
    candidates = GERMAN_COLOUR_NAMES.get(word)
    if candidates is None:
        return None
    return next((c for c in candidates if c in labels), candidates[0])
