"""Simple screens (ASARA's compact board) in the project's own plain layout, without rich,
whose first tables cost a command about 30 ms (docs/performance.md, "Start-up"): a table is
its title, headings, a rule and rows; columns as wide as their widest line, two spaces apart,
numbers right; 16 colours. A screen wider than the terminal is left to rich (``None``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

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


class Column(NamedTuple):
    """A column's heading, and whether it is justified right (numbers)."""

    header: str
    right: bool = False


class Cell(NamedTuple):
    """A cell's lines, each in styled pieces; ``style`` colours the pieces that have none."""

    lines: Sequence[Sequence[Span]]
    style: str = ""


class Sheet(NamedTuple):
    """A table: a title, columns, and rows of cells (a plain cell's lines split at ``\\n``)."""

    title: str
    columns: Sequence[Column]
    rows: Sequence[Sequence[str | Cell]]


def cells(text: str) -> int:
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _paint(text: str, style: str, colour: bool) -> str:
    code = SGR.get(style) if colour and text else None
    return f"\x1b[{code}m{text}\x1b[0m" if code else text


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
    """``parts`` (lines, styled lines, tables) drawn; ``None`` when one is wider than ``width``."""
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
