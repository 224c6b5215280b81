"""Text from a file is shown, never obeyed: control characters, escape sequences and
bidirectional overrides are written out as escapes (``\\x1b``, ``\\u202e``) before anything
reaches a terminal. JSON output is left exact; only what people read is escaped."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from rich.console import Console
from rich.segment import Segment

_KEEP = {"\n", "\t"}


@lru_cache(maxsize=4096)
def _escaped(c: str) -> str:
    if c in _KEEP or unicodedata.category(c) not in ("Cc", "Cf", "Zl", "Zp"):
        return c
    return c.encode("unicode_escape").decode("ascii")


def safe_text(text: str) -> str:
    """``text`` with every control and format character (but line breaks and tabs) shown
    as its escape."""
    if text.isprintable():
        return text
    return "".join(_escaped(c) for c in text)


class SafeConsole(Console):
    """A rich console that escapes control characters in everything it prints.

    The escaping happens on the rendered segments, after layout and before rich adds its
    own styles, so a table cell, a wrapped line or a message built around a player's name
    are all covered, and the console's own colours still work."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            seg if seg.control else Segment(safe_text(seg.text), seg.style)
            for seg in buffer)
