"""YSPAHAN's nouns as a person reads them, in the language in use: the tower's rows, the
goods (the quarters), the souks, the buildings, the card kinds, the caravan's rows and the
players' colours, with the German rulebook's words (docs/glossary.md).

Each function takes the word the log and the board profile use (``bag``, ``chest8``,
``caravanserai``) and gives it back as shown; a word it does not know (a table's own
profile) is shown as written. English shows every word as the log writes it. The words a
player types in either language are read in ``words.py``; the log keeps the English ones.

The same words, with the same catalogue contexts, as ``rules/terms.py`` of the branch that
translates the referee: once both are in, the views should take theirs from there and keep
only what the referee has no use for here (card effects, certainty, ``hidden``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from asara_cli.core.i18n import language, pgettext

_Table = dict[str, str]


def _goods() -> _Table:
    return {"bag": pgettext("quarter", "bag"), "barrel": pgettext("quarter", "barrel"),
            "chest": pgettext("quarter", "chest"), "vase": pgettext("quarter", "vase")}


def _rows() -> _Table:
    return {**_goods(), "camels": pgettext("tower row", "camels"),
            "gold": pgettext("tower row", "gold")}


def _buildings() -> _Table:
    return {"pasture": pgettext("building", "pasture"), "shop": pgettext("building", "shop"),
            "bath": pgettext("building", "bath"),
            "caravanserai": pgettext("building", "caravanserai"),
            "market": pgettext("building", "market"), "hoist": pgettext("building", "hoist")}


def _cards() -> _Table:
    return {"camels3": pgettext("card", "camels3"), "gold3": pgettext("card", "gold3"),
            "nocamels": pgettext("card", "nocamels"), "nogold": pgettext("card", "nogold"),
            "caravan": pgettext("card", "caravan"), "souk": pgettext("card", "souk"),
            "goldvp": pgettext("card", "goldvp"), "camelvp": pgettext("card", "camelvp"),
            "exchange": pgettext("card", "exchange"), "hidden": pgettext("card", "hidden")}


def _effects() -> _Table:
    return {"camels": pgettext("card effect", "camels"), "gold": pgettext("card effect", "gold"),
            "nocamels": pgettext("card effect", "nocamels"),
            "nogold": pgettext("card effect", "nogold"),
            "caravan": pgettext("card effect", "caravan"),
            "souk": pgettext("card effect", "souk"),
            "goldvp": pgettext("card effect", "goldvp"),
            "camelvp": pgettext("card effect", "camelvp"),
            "exchange": pgettext("card effect", "exchange")}


def _certainties() -> _Table:
    return {"rulebook": pgettext("certainty", "rulebook"),
            "confirmed": pgettext("certainty", "confirmed"),
            "high": pgettext("certainty", "high"), "medium": pgettext("certainty", "medium"),
            "low": pgettext("certainty", "low")}


def _caravan_rows() -> _Table:
    return {"bottom": pgettext("caravan row", "bottom"),
            "middle": pgettext("caravan row", "middle"), "top": pgettext("caravan row", "top")}


def _colours() -> _Table:
    return {"blue": pgettext("player colour", "blue"), "red": pgettext("player colour", "red"),
            "green": pgettext("player colour", "green"),
            "yellow": pgettext("player colour", "yellow"),
            "pink": pgettext("player colour", "pink")}


_kept: dict[tuple[str, Callable[[], _Table]], _Table] = {}


def _shown(table: Callable[[], _Table], word: str) -> str:
    key = (language(), table)
    found = _kept.get(key)
    if found is None:
        found = _kept[key] = table()
    return found.get(word, word)


def good(word: str) -> str:
    """A quarter and its goods: ``bag`` → ``Sack``."""
    return _shown(_goods, word)


quarter = good


def row(word: str) -> str:
    """A row of the tower of dice: ``camels`` → ``Kamele``."""
    return _shown(_rows, word)


def building(word: str) -> str:
    """A building: ``caravanserai`` → ``Karawanserei``."""
    return _shown(_buildings, word)


def card(word: str) -> str:
    """A card kind: ``goldvp`` → ``Goldpunkte``."""
    return _shown(_cards, word)


def effect(word: str) -> str:
    """A card's effect (the board profile's word): ``goldvp`` → ``Gold in Punkte``."""
    return _shown(_effects, word)


def certainty(word: str) -> str:
    """How sure a value of the board profile is: ``medium`` → ``mittel``."""
    return _shown(_certainties, word)


def caravan_row(word: str) -> str:
    """A row of the caravan: ``bottom`` → ``unten``."""
    return _shown(_caravan_rows, word)


def colour(word: str) -> str:
    """A player's colour: ``blue`` → ``blau``."""
    return _shown(_colours, word)


_SOUK = re.compile(r"^([a-z]+)([0-9]+)$")


def souk(word: str) -> str:
    """A souk, named by its quarter and printed value (Y1.1): ``chest8`` → ``Truhe8``."""
    m = _SOUK.match(word)
    if m is None:
        return word
    return good(m.group(1)) + m.group(2)


def buildings(words: tuple[str, ...] | list[str]) -> list[str]:
    return [building(w) for w in words]


def cards(words: tuple[str, ...] | list[str]) -> list[str]:
    return [card(w) for w in words]
