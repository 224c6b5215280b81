"""Word helpers every game's messages share."""

from __future__ import annotations

from typing import Any

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


def plural(n: int, word: str) -> str:
    """``1 buyer``, ``2 buyers``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def describe(value: Any) -> str:
    """A value as the user wrote it, short, for error messages."""
    kind = {bool: "true/false", int: "a number", float: "a decimal number", str: "text",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{kind} {shown}" if not isinstance(value, (list, dict)) else kind
