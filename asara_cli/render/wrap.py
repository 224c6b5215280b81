"""The one console every person-facing line goes through: text is broken between words at
the terminal's width, so the terminal never cuts a word or a rule id (``[R6.1]``) in two.

A line that starts with ``FILE:LINE:`` is a diagnostic for editors and grep (as a compiler
writes them): it stays on one line. Tables and other rich renderables lay themselves out.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from asara_cli.render.safe import SafeConsole

#: ``game.toml:12: ...``, also after ``error: ``: kept whole so an editor can jump to it
DIAGNOSTIC = re.compile(r"^([a-z]+: )?\S+:\d+: ")
#: ``error: game.toml:`` at a line's start: the place a message is about stays together
PLACE = re.compile(r"^([a-z]+: )?\S*[/.]\S*:(?= )")
#: below this width a wrapped line would hold a word or two; the terminal may break it
NARROWEST = 40


def wrap(text: str, width: int) -> str:
    """``text`` broken between words to ``width`` columns. A continuation line is indented
    two columns deeper than its line (three at the left edge, as a move's result reads); a
    word longer than a line stays whole; diagnostics stay whole."""
    width = max(width, NARROWEST)
    lines: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width or DIAGNOSTIC.match(line):
            lines.append(line)
            continue
        lead = len(line) - len(line.lstrip(" "))
        indent = " " * (lead + 2 if lead else 3)
        body = PLACE.sub(lambda m: m.group().replace(" ", "\0"), line[lead:])
        lines += [x.replace("\0", " ") for x in textwrap.wrap(
            body, width=width, initial_indent=" " * lead, subsequent_indent=indent,
            break_long_words=False, break_on_hyphens=False)] or [""]
    return "\n".join(lines)


class TableConsole(SafeConsole):
    """A :class:`SafeConsole` whose plain text is wrapped by :func:`wrap` (and never again
    by rich, which would fold a long word); renderables are printed as rich lays them out."""

    def print(self, *objects: Any, sep: str = " ", end: str = "\n",
              **options: Any) -> None:
        if objects and all(isinstance(o, str) for o in objects):
            options["soft_wrap"] = True
            super().print(wrap(sep.join(objects), self.width), end=end, **options)
            return
        super().print(*objects, sep=sep, end=end, **options)
