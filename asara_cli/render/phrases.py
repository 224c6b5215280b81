"""A table cell that wraps between phrases: ``(8+4)/2 = 6 per tower (2 towers, height 6)``
breaks after a comma or before a bracket, never inside ``2 towers`` or ``-> 3`` (rich wraps at
any space); a phrase wider than the cell wraps between its words."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

#: where a phrase may end: after a comma, semicolon or colon, or before an opening bracket;
#: only outside brackets (a bracket is one phrase unless it is wider than the cell)
_BREAK = re.compile(r"(?<=[,;:]) | (?=\()")


def _phrases(text: str) -> list[str]:
    pieces: list[str] = []
    depth = start = 0
    for m in re.finditer(r"[()]|" + _BREAK.pattern, text):
        if m.group() == "(":
            depth += 1
        elif m.group() == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            pieces.append(text[start:m.start()])
            start = m.end()
    pieces.append(text[start:])
    return [p for p in pieces if p]


class Phrases:
    """``text`` wrapped at phrase boundaries, or ``items`` joined by commas (``2 x black
    trunk, gold red window``) wrapped between items."""

    def __init__(self, text: str = "", items: Sequence[str] = ()) -> None:
        self.pieces = _phrases(text) if text else [f"{x}," for x in items[:-1]] + [*items[-1:]]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max(cell_len(p) for p in self.pieces)
        whole = cell_len(" ".join(self.pieces))
        return Measurement(min(widest, options.max_width), min(whole, options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        lines: list[str] = []
        line = ""
        for piece in self.pieces:
            if line and cell_len(line) + 1 + cell_len(piece) > width:
                lines.append(line)
                line = ""
            if cell_len(piece) > width:  # a phrase wider than the cell: between words
                lines += textwrap.wrap(f"{line} {piece}".strip(), width) or [""]
                line = lines.pop()
            else:
                line = f"{line} {piece}" if line else piece
        lines.append(line)
        yield Text("\n".join(lines))
