"""Word helpers every game's messages share."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeVar

from asara_cli.core.i18n import N_, _, language, npgettext, pgettext

T = TypeVar("T")

#: More digits than any number a game counts (a die, a plot, a space, a score, a week): a
#: longer word is no number here (and ``int`` refuses words past 4,300 digits anyway).
MAX_DIGITS = 18


def number(word: str) -> int | None:
    """The number a word of ASCII digits names (``"12"`` -> 12), else ``None``.

    The one reader every word that becomes a number goes through: in logs, on command
    lines, in the environment. ``str.isdigit`` takes a superscript two or a circled
    three, which ``int`` then refuses, and ``int`` takes Arabic-Indic and full-width
    digits, ``+2``, `` 2`` and ``2_0``; none of them is a number a table writes, so each
    is no number here, and the caller says what it expected."""
    if 0 < len(word) <= MAX_DIGITS and word.isascii() and word.isdigit():
        return int(word)
    return None


def fold(word: str) -> str:
    """A typed word as every game reads it: lower case, ``ß`` -> ``ss`` and umlauts spelt
    out, so ``weiß``, ``WEISS`` and ``grün``/``gruen`` all meet."""
    w = unicodedata.normalize("NFC", word.strip().casefold())  # casefold turns ß into ss
    return w.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")


def bare(word: str) -> str:
    """A typed word in lower case without its accents (``grün`` -> ``grun``, ``чёрный`` ->
    ``черный``): each game also reads a word typed so."""
    w = unicodedata.normalize("NFD", word.strip().casefold())
    return unicodedata.normalize("NFC", "".join(c for c in w if not unicodedata.combining(c)))


def read_back(said: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Each way a word of ``said`` (English -> its word in the language in use) is typed,
    folded or without its accents, with the English words it stands for."""
    back: dict[str, tuple[str, ...]] = {}
    for form in (fold, bare):  # each word, then each without its accents (grun)
        for en, word in said.items():
            typed = form(word)
            if en not in back.get(typed, ()):
                back[typed] = (*back.get(typed, ()), en)
    return back


def per_language(make: Callable[[], T]) -> Callable[[], T]:
    """``make()`` made at its first use in each language (its words are the catalogue's)."""
    made: dict[str, T] = {}

    def get() -> T:
        lang = language()
        found = made.get(lang)
        if found is None:
            found = made[lang] = make()
        return found

    return get


def either(words: Sequence[str]) -> str:
    """``a or b or c``, in the language in use."""
    return _chained(words, N_("{first} or {second}"))


def both(words: Sequence[str]) -> str:
    """``a and b and c``, in the language in use."""
    return _chained(words, N_("{first} and {second}"))


def in_turn(words: Sequence[str]) -> str:
    """``a, then b, then c``, in the language in use."""
    return _chained(words, N_("{first}, then {second}"))


def _chained(words: Sequence[str], pair: str) -> str:
    said = words[0] if words else ""
    for word in words[1:]:
        said = _(pair).format(first=said, second=word)
    return said


def grouped(n: int) -> str:
    """A whole number with its thousands grouped as the language writes them (``10,000``;
    German ``10.000``): the separator is the catalogue's."""
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))


#: What an ordinal counts: a language may write the ordinal to agree with it (French ``1re
#: semaine``, ``1er chameau``).
Counted = Literal["place", "tower", "colour", "card", "week", "camel", "building"]


#: Each thing counted, its ordinal a message of its own (a literal call each, for the catalogue).
_ORDINALS: dict[str, Callable[[int], str]] = {
    # TRANSLATORS: a place in a ranking, 1st place ({suffix}: English, left out)
    "place": lambda n: npgettext("ordinal: a place", "{n}{suffix}", "{n}{suffix}", n),
    # TRANSLATORS: a player's 2nd red tower ({suffix}: English, left out)
    "tower": lambda n: npgettext("ordinal: a tower", "{n}{suffix}", "{n}{suffix}", n),
    # TRANSLATORS: a 5th buyer colour ({suffix}: English, left out)
    "colour": lambda n: npgettext("ordinal: a colour", "{n}{suffix}", "{n}{suffix}", n),
    # TRANSLATORS: the 3rd card of a kind in the discard pile ({suffix}: English, left out)
    "card": lambda n: npgettext("ordinal: a card", "{n}{suffix}", "{n}{suffix}", n),
    # TRANSLATORS: the 3rd week ({suffix}: English, left out)
    "week": lambda n: npgettext("ordinal: a week", "{n}{suffix}", "{n}{suffix}", n),
    # TRANSLATORS: the 4th camel of the caravan ({suffix}: English, left out)
    "camel": lambda n: npgettext("ordinal: a camel", "{n}{suffix}", "{n}{suffix}", n),
    # TRANSLATORS: the 2nd building built ({suffix}: English, left out)
    "building": lambda n: npgettext("ordinal: a building", "{n}{suffix}", "{n}{suffix}", n),
}


def ordinal(n: int, counted: Counted) -> str:
    """``n`` as an ordinal in the language in use: ``1st``, ``22nd`` (German ``1.``, French
    ``1re``, ``2e``): a message with plural forms, so the language's plural rule picks the
    form for ``n``; ``{suffix}`` is the English ending, which other languages leave out."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _ORDINALS[counted](n).format(n=n, suffix=suffix)


#: What a value of each type is called in a message (``expected a number, got text 'x'``).
_KINDS: dict[type, str] = {bool: N_("true/false"), int: N_("a number"),
                           float: N_("a decimal number"), str: N_("text"), list: N_("a list"),
                           dict: N_("a table")}


def describe(value: Any) -> str:
    """A value as the user wrote it, short, for error messages."""
    kind = _KINDS.get(type(value))
    named = _(kind) if kind is not None else type(value).__name__
    if isinstance(value, (list, dict)):
        return named
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return _("{kind} {value}").format(kind=named, value=shown)
