"""Word helpers every game's messages share."""

from __future__ import annotations


def plural(n: int, word: str) -> str:
    """``1 buyer``, ``2 buyers``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
