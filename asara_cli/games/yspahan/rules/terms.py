"""YSPAHAN's nouns in the language people read: quarters and their goods, souks, rows of the
tower, buildings, card kinds (and a card drawn ``hidden``), caravan rows and colours, each by
the id the board profile and the log use (``bag``, ``chest6``, ``hoist``, ``goldvp``); and,
for the views, a card's effect and how sure a value of the board profile is (``asara board``).

Every screen, question and refusal shows a game noun through these functions, so each
concept has one word per language: the German rulebook's (``docs/glossary.md``). An id this
module does not know (a table's own profile) is shown as it is. The log keeps the ids:
these words are for reading, never written.

German messages are phrased so that the noun stands in the nominative ("Viertel {quarter}",
"Würfelgruppe {row}", "Karte {card}"): the words are never declined.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from asara_cli.core.i18n import NP_, pgettext
from asara_cli.core.words import ordinal as ordinal  # shown by the referee and the screens

#: A word made when shown (the language is chosen after import).
Word = Callable[[], str]

# One literal call per word, so that the catalogue finds each; called when shown, since the
# language is chosen after import.
_QUARTERS: dict[str, Word] = {
    "bag": lambda: pgettext("quarter", "bag"),
    "barrel": lambda: pgettext("quarter", "barrel"),
    "chest": lambda: pgettext("quarter", "chest"),
    "vase": lambda: pgettext("quarter", "vase"),
}
#: A quarter named in a sentence, one noun (German compounds: Sackviertel, Truhenviertel).
_QUARTER_NAMES: dict[str, Word] = {
    "bag": lambda: pgettext("quarter name", "bag quarter"),
    "barrel": lambda: pgettext("quarter name", "barrel quarter"),
    "chest": lambda: pgettext("quarter name", "chest quarter"),
    "vase": lambda: pgettext("quarter name", "vase quarter"),
}
_ROWS: dict[str, Word] = {
    "camels": lambda: pgettext("tower row", "camels"),
    "gold": lambda: pgettext("tower row", "gold"),
}
_BUILDINGS: dict[str, Word] = {
    "pasture": lambda: pgettext("building", "pasture"),
    "shop": lambda: pgettext("building", "shop"),
    "bath": lambda: pgettext("building", "bath"),
    "caravanserai": lambda: pgettext("building", "caravanserai"),
    "market": lambda: pgettext("building", "market"),
    "hoist": lambda: pgettext("building", "hoist"),
}
_CARDS: dict[str, Word] = {
    "camels3": lambda: pgettext("card", "camels3"),
    "gold3": lambda: pgettext("card", "gold3"),
    "nocamels": lambda: pgettext("card", "nocamels"),
    "nogold": lambda: pgettext("card", "nogold"),
    "caravan": lambda: pgettext("card", "caravan"),
    "souk": lambda: pgettext("card", "souk"),
    "goldvp": lambda: pgettext("card", "goldvp"),
    "camelvp": lambda: pgettext("card", "camelvp"),
    "exchange": lambda: pgettext("card", "exchange"),
}
_CARAVAN_ROWS: dict[str, Word] = {
    "bottom": lambda: pgettext("caravan row", "bottom"),
    "middle": lambda: pgettext("caravan row", "middle"),
    "top": lambda: pgettext("caravan row", "top"),
}
_COLOURS: dict[str, Word] = {
    "blue": lambda: pgettext("player colour", "blue"),
    "red": lambda: pgettext("player colour", "red"),
    "green": lambda: pgettext("player colour", "green"),
    "yellow": lambda: pgettext("player colour", "yellow"),
    "pink": lambda: pgettext("player colour", "pink"),
}


def word_in(table: dict[str, Word], key: str) -> str:
    """The word ``table`` has for ``key`` in the language in use; ``key`` itself where it
    has none (a table's own profile)."""
    found = table.get(key)
    return key if found is None else found()


def quarter(quarter_id: str) -> str:
    """A quarter by its id: ``bag`` -> ``Sack`` (its goods have the same word)."""
    return word_in(_QUARTERS, quarter_id)


def quarter_named(quarter_id: str) -> str:
    """A quarter as a sentence names it: ``bag quarter`` -> ``Sackviertel``; a table's own
    quarter id as ``spice quarter``."""
    found = _QUARTER_NAMES.get(quarter_id)
    if found is not None:
        return found()
    return pgettext("quarter name", "{quarter} quarter").format(quarter=quarter_id)


def good(quarter_id: str) -> str:
    """The goods of a quarter (``bag`` -> ``Sack``): the quarter's own word."""
    return quarter(quarter_id)


def row(row_id: str) -> str:
    """A row of the tower by its id: ``camels`` -> ``Kamele``, a quarter's row by the
    quarter's word, ``gold`` -> ``Gold``."""
    found = _ROWS.get(row_id)
    return quarter(row_id) if found is None else found()


_SOUK_ID = re.compile(r"([a-z]+)([0-9]+)")


def souk(souk_id: str) -> str:
    """A souk, named by its quarter and printed value: ``chest6`` -> ``Truhe6``."""
    m = _SOUK_ID.fullmatch(souk_id)
    if m is None or m.group(1) not in _QUARTERS:
        return souk_id
    return quarter(m.group(1)) + m.group(2)


def cell(cell: str) -> str:
    """A shop's street cell as a log names it (``W3``: the same in every language), or
    ``inner`` for an inner shop -> ``innen``."""
    return pgettext("cell", "inner") if cell == "inner" else cell


def building(building_id: str) -> str:
    """A building by its id: ``hoist`` -> ``Lastenaufzug``."""
    return word_in(_BUILDINGS, building_id)


def buildings(ids: tuple[str, ...] | list[str]) -> list[str]:
    return [building(i) for i in ids]


def card(kind: str) -> str:
    """A card kind by its profile id: ``goldvp`` -> ``Goldpunkte``; a card drawn ``hidden``
    (secret hands) -> ``verdeckt``."""
    return pgettext("card", "hidden") if kind == "hidden" else word_in(_CARDS, kind)


def cards(kinds: tuple[str, ...] | list[str]) -> list[str]:
    return [card(k) for k in kinds]


def caravan_row(row_id: str) -> str:
    """A row of the caravan by its profile id: ``bottom`` -> ``unten``."""
    return word_in(_CARAVAN_ROWS, row_id)


def colour(colour_id: str) -> str:
    """A player's or a souk's colour: ``blue`` -> ``blau``."""
    return word_in(_COLOURS, colour_id)




# Marked for the catalogue here, translated when shown (the language is chosen after import).
_EFFECTS = frozenset((
    NP_("card effect", "camels"), NP_("card effect", "gold"), NP_("card effect", "nocamels"),
    NP_("card effect", "nogold"), NP_("card effect", "caravan"), NP_("card effect", "souk"),
    NP_("card effect", "goldvp"), NP_("card effect", "camelvp"),
    NP_("card effect", "exchange")))
_CERTAINTIES = frozenset((
    NP_("certainty", "rulebook"), NP_("certainty", "confirmed"), NP_("certainty", "high"),
    NP_("certainty", "medium"), NP_("certainty", "low")))


def effect(word: str) -> str:
    """A card's effect (the board profile's word): ``goldvp`` -> ``Gold in Punkte``."""
    return pgettext("card effect", word) if word in _EFFECTS else word


def certainty(word: str) -> str:
    """How sure a value of the board profile is: ``medium`` -> ``mittel``."""
    return pgettext("certainty", word) if word in _CERTAINTIES else word
