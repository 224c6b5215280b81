"""Word helpers every game's messages share."""

from __future__ import annotations

from typing import Any


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
