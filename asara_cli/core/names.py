"""One rule for player names (RULES.md R1: players are people at one table).

Two names are the same player when they are equal after Unicode normalisation (NFKC) and
case folding: "Tina", "tina" and the full-width "TINA" cannot sit at one table, and a log event or
checkpoint that writes "tina" means Tina. A name may not hold control or format characters
(escape sequences, line breaks, bidirectional overrides): shown on a terminal they could
forge or restyle output.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable


@functools.lru_cache(maxsize=256)  # a replay compares the same few names thousands of times
def name_key(name: str) -> str:
    """What two names are compared by."""
    return unicodedata.normalize("NFKC", name).casefold().strip()


def hidden_character(name: str) -> str | None:
    """The first control or format character in ``name`` (shown escaped), or ``None``."""
    for c in name:
        if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp"):
            return c.encode("unicode_escape").decode("ascii")
    return None


def same_name(names: Iterable[str]) -> tuple[str, str] | None:
    """The first two names in ``names`` that are the same player, if any."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def find(name: str, names: Iterable[str]) -> str | None:
    """The name in ``names`` that ``name`` means, spelled as there."""
    key = name_key(name)
    return next((n for n in names if name_key(n) == key), None)
