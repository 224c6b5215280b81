"""Word helpers every game's messages share."""

from __future__ import annotations

from typing import Any

from asara_cli.core.i18n import N_, _, pgettext

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


def grouped(n: int) -> str:
    """A whole number with its thousands grouped as the language writes them (``10,000``;
    German ``10.000``): the separator is the catalogue's."""
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))


def plural(n: int, word: str) -> str:
    """``1 buyer``, ``2 buyers``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def spoken_ordinal(n: int) -> str:
    """A place in an order as the language in use writes it: ``3rd``, ``3.``. One message
    per English ending, so that a language whose ending depends on the number (French
    ``1er``, ``2e``) can say so."""
    suffix = ordinal(n)[len(str(n)):]
    if suffix == "st":
        return pgettext("ordinal", "{n}st").format(n=n)
    if suffix == "nd":
        return pgettext("ordinal", "{n}nd").format(n=n)
    if suffix == "rd":
        return pgettext("ordinal", "{n}rd").format(n=n)
    return pgettext("ordinal", "{n}th").format(n=n)


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
