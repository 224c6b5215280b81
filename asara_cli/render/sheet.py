"""Simple screens in the project's own plain layout, drawn without rich.

Importing rich's console and drawing its first tables costs a command about 30 ms, half of
Python and Typer's own start (docs/performance.md, "Start-up"), so the compact board
(``asara status``) is drawn here by these rules:

- a table is its title, its headings, a rule under them, then its rows;
- each column is as wide as its widest line, two spaces between columns, numbers
  justified right; a cell of several lines goes on under the row's first line;
- no line ends in spaces; a character is as wide as the terminal shows it (two columns
  for East Asian wide letters, none for combining marks);
- colours (16 colours, bold and dim) only on a terminal that has not asked for none
  (``$NO_COLOR``), nor is ``dumb``, nor on Windows;
- text from a file shows its control characters escaped (core/shown.py).

A screen wider than the terminal is not drawn here (``None``): rich lays it out, squeezing
and wrapping its columns.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from asara_cli.core.shown import safe_text

#: The escape code parameters (SGR) of each style the screens use: 16 colours, so a
#: terminal's own palette applies
SGR: dict[str, str] = {
    "bold": "1",
    "dim": "2",
    "yellow": "33",
    "bold green": "1;32",
    "bold red": "1;31",
    "bold #a0522d": "1;33",  # brown: the 16 colours' dark yellow
    "bold black on grey70": "1;30;47",
    "bold bright_white on grey30": "1;97;100",
}

#: A piece of text and its style ("" for none)
Span = tuple[str, str]


class Column:
    """A column's heading, and whether it is justified right (numbers). (Plain classes, not
    value classes: nothing keeps them.)"""

    __slots__ = ("header", "right")

    def __init__(self, header: str, right: bool = False) -> None:
        self.header, self.right = header, right


class Cell:
    """A cell's lines, each in styled pieces; ``style`` colours the pieces that have none."""

    __slots__ = ("lines", "style")

    def __init__(self, lines: Sequence[Sequence[Span]], style: str = "") -> None:
        self.lines, self.style = lines, style


class Sheet:
    """A table: a title, columns, and rows of cells (a plain cell's lines are separated by
    ``\\n``)."""

    __slots__ = ("columns", "rows", "title")

    def __init__(self, title: str, columns: Sequence[Column],
                 rows: Sequence[Sequence[str | Cell]]) -> None:
        self.title, self.columns, self.rows = title, columns, rows


def cells(text: str) -> int:
    """The columns ``text`` takes on a terminal."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _paint(text: str, style: str, colour: bool) -> str:
    if not (colour and style and text):
        return text
    return f"\x1b[{SGR.get(style, '')}m{text}\x1b[0m" if SGR.get(style) else text


def _cell(cell: str | Cell) -> Cell:
    if isinstance(cell, Cell):
        return Cell([[(safe_text(t), s or cell.style) for t, s in line] for line in cell.lines])
    return Cell([[(safe_text(line), "")] for line in cell.split("\n")])


def _table(sheet: Sheet, colour: bool) -> list[tuple[int, str]]:
    """The table's lines, each with its width."""
    heads = [Cell([[(c.header, "")]]) for c in sheet.columns]
    rows = [[_cell(cell) for cell in row] for row in sheet.rows]
    widths = [max(cells("".join(t for t, _ in line)) for row in [heads, *rows]
                  for line in row[i].lines) for i in range(len(sheet.columns))]
    total = sum(widths) + 2 * (len(widths) - 1)
    drawn = [(cells(sheet.title), safe_text(sheet.title))] if sheet.title else []
    for number, row in enumerate([heads, *rows]):
        for i in range(max(len(cell.lines) for cell in row)):
            plain, painted = [], []
            for column, w, cell in zip(sheet.columns, widths, row, strict=True):
                line = cell.lines[i] if i < len(cell.lines) else []
                text = "".join(t for t, _ in line)
                gap = " " * (w - cells(text))
                body = "".join(_paint(t, "bold" if number == 0 else s, colour) for t, s in line)
                plain.append(gap + text if column.right else text + gap)
                painted.append(gap + body if column.right else body + gap)
            drawn.append((cells("  ".join(plain).rstrip(" ")), "  ".join(painted).rstrip(" ")))
        if number == 0:  # under the headings
            drawn.append((total, _paint("─" * total, "dim", colour)))
    return drawn


def draw(parts: Sequence[str | Span | Sheet], width: int, colour: bool = False
         ) -> str | None:
    """``parts`` (lines of text, a line in a style, tables) in the plain layout, each line
    ended, in colour or not; ``None`` when a line would be wider than ``width``."""
    drawn: list[tuple[int, str]] = []
    for part in parts:
        if isinstance(part, Sheet):
            drawn += _table(part, colour)
            continue
        text, style = (part, "") if isinstance(part, str) else part
        drawn += [(cells(line), _paint(line, style, colour))
                  for line in safe_text(text).split("\n")]
    if any(w > width for w, _ in drawn):
        return None
    return "".join(f"{line}\n" for _, line in drawn)
