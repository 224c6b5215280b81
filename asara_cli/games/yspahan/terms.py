"""YSPAHAN's nouns as the views show them, in the language in use: the referee's words
(``rules/terms.py``: quarters and their goods, souks, rows, buildings, card kinds, the
caravan's rows, colours), and the few only a view has use for: a card drawn ``hidden``, a
card's effect and how sure a value of the board profile is (``asara board``), and lists.

One word per concept: the views take the referee's, so a souk is ``Truhe8`` in a refusal
and on a screen alike. A word not known (a table's own profile) is shown as written; the
log keeps the English ids. The words a player types in either language are read in
``words.py``.
"""

from __future__ import annotations

from asara_cli.core.i18n import NP_, pgettext
from asara_cli.games.yspahan.rules import terms as referee
from asara_cli.games.yspahan.rules.terms import (
    building,
    caravan_row,
    cell,
    colour,
    good,
    ordinal,
    quarter,
    quarter_named,
    row,
    souk,
)

# Marked for the catalogue here, translated when shown (the language is chosen after import).
_EFFECTS = frozenset((
    NP_("card effect", "camels"), NP_("card effect", "gold"), NP_("card effect", "nocamels"),
    NP_("card effect", "nogold"), NP_("card effect", "caravan"), NP_("card effect", "souk"),
    NP_("card effect", "goldvp"), NP_("card effect", "camelvp"),
    NP_("card effect", "exchange")))
_CERTAINTIES = frozenset((
    NP_("certainty", "rulebook"), NP_("certainty", "confirmed"), NP_("certainty", "high"),
    NP_("certainty", "medium"), NP_("certainty", "low")))


def card(kind: str) -> str:
    """A card kind (``goldvp`` → ``Goldpunkte``), or a card drawn ``hidden`` (secret hands)
    → ``verdeckt``."""
    return pgettext("card", "hidden") if kind == "hidden" else referee.card(kind)


def effect(word: str) -> str:
    """A card's effect (the board profile's word): ``goldvp`` → ``Gold in Punkte``."""
    return pgettext("card effect", word) if word in _EFFECTS else word


def certainty(word: str) -> str:
    """How sure a value of the board profile is: ``medium`` → ``mittel``."""
    return pgettext("certainty", word) if word in _CERTAINTIES else word


def buildings(words: tuple[str, ...] | list[str]) -> list[str]:
    return [building(w) for w in words]


def cards(words: tuple[str, ...] | list[str]) -> list[str]:
    return [card(w) for w in words]


__all__ = ["building", "buildings", "caravan_row", "card", "cards", "cell", "certainty",
           "colour", "effect", "good", "ordinal", "quarter", "quarter_named", "row",
           "souk"]
