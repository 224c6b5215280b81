"""Colour words a buyer card may show. Our rules reference does not list the box's five
buyer colours (R1: blue is in the rulebook, violet in reviews), so this is the common
colour vocabulary: a recorder's aid against typos (G15), never a rule. A near miss of one of
these words (``gren``) is refused even before the word is played; the words themselves are
never taken for typos of each other or of a label in play."""

from __future__ import annotations

from collections.abc import Sequence

from asara_cli.core.words import per_language, read_back

COLOUR_NAMES = frozenset({
    "beige", "black", "blue", "brown", "cyan", "gold", "gray", "green", "grey", "lilac",
    "magenta", "orange", "pink", "purple", "red", "silver", "turquoise", "violet", "white",
    "yellow",
})

def spoken() -> dict[str, str]:
    """Each colour word, English -> its word in the language in use (its catalogue's: a
    buyer colour's word); grey before gray, as a word both have (``grau``) is read as grey."""
    from asara_cli.games.asara.rules import terms

    return {name: terms.buyer_colour(name)
            for name in sorted(COLOUR_NAMES, key=lambda n: (n == "gray", n))}


@per_language
def said() -> dict[str, tuple[str, ...]]:
    """The colour words of the language in use, folded and without accents (``gruen``,
    ``grun``), each with the English colour words it names where it is none of them (German
    ``blau``: blue); ``grau`` is grey or gray, grey first. Made at the first use in a
    language; nothing in English."""
    return {typed: names for typed, names in read_back(spoken()).items()
            if typed not in COLOUR_NAMES}


def english(word: str, labels: Sequence[str] = ()) -> str | None:
    """The English colour word a colour word of the language in use (folded) names, the one
    in ``labels`` first; ``None`` for a word that is none (:func:`said`)."""
    candidates = said().get(word)
    if candidates is None:
        return None
    return next((c for c in candidates if c in labels), candidates[0])
