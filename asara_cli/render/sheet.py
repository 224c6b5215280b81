"""Simple screens drawn without rich, for output that is not a terminal (a pipe, a file).

Importing rich's console and drawing its first tables costs a command about 30 ms, half
of Python and Typer's own start (docs/performance.md, "Start-up"). A screen made only of
lines of text and tables of rich's ``SIMPLE_HEAD`` box without edges (as ``asara status``
is) is drawn here as rich draws it without colours, character for character; the screen
says how rich draws it (its ``__rich__``) for a terminal, which gets colours.

Only what is sure to come out as rich's is drawn here: every character printable and one
column wide, every line within the width, every table as wide as its widest cells (rich
would squeeze and wrap a wider one). Anything else answers ``None``, and rich draws it.
tests/test_writer.py holds this to rich's own output.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Characters besides printable ASCII that rich gives one column (the towers and the marks
#: beside a name; Latin letters with accents), checked against rich in the tests
NARROW = frozenset("█▮▯✦▲◀♛─") | frozenset(
    c for c in map(chr, range(0xA1, 0x180)) if c.isprintable())


class Column:
    """A column's heading, and whether it is justified right (numbers). (Plain classes, not
    dataclasses: making a dataclass costs a command's start a few tenths of a ms.)"""

    __slots__ = ("header", "right")

    def __init__(self, header: str, right: bool = False) -> None:
        self.header, self.right = header, right


class Sheet:
    """A table as rich draws ``Table(box=box.SIMPLE_HEAD, title=..., title_justify="left",
    show_edge=False)``: a cell's lines are separated by ``\\n``."""

    __slots__ = ("columns", "rows", "title")

    def __init__(self, title: str, columns: Sequence[Column],
                 rows: Sequence[Sequence[str]]) -> None:
        self.title, self.columns, self.rows = title, columns, rows


def _narrow(text: str) -> bool:
    return all(c in NARROW or (c.isascii() and c.isprintable()) for c in text)


def _lines(text: str, width: int) -> list[str] | None:
    lines = text.split("\n")
    if all(len(line) <= width and _narrow(line) for line in lines):
        return lines
    return None


def _table(sheet: Sheet, width: int) -> list[str] | None:
    cells = [[c.header.split("\n") for c in sheet.columns]]
    cells += [[cell.split("\n") for cell in row] for row in sheet.rows]
    if any(len(row) != len(sheet.columns) for row in cells):
        return None
    # each column as wide as its widest line, and a space of padding each side
    widths = [max(max(len(line) for line in row[i]) for row in cells) + 2
              for i in range(len(sheet.columns))]
    total = sum(widths) + len(widths) - 1  # a space between two columns
    if total > width or len(sheet.title) > total or not _narrow(sheet.title) or not all(
            _narrow(line) for row in cells for cell in row for line in cell):
        return None
    drawn = [sheet.title.ljust(total)] if sheet.title else []
    for number, row in enumerate(cells):
        for i in range(max(len(cell) for cell in row)):
            drawn.append(" ".join(
                " " + (line.rjust if column.right else line.ljust)(w - 2) + " "
                for column, w, line in zip(
                    sheet.columns, widths, (c[i] if i < len(c) else "" for c in row),
                    strict=True)))
        if number == 0:  # under the headings
            drawn.append("─" * total)
    return drawn


def draw(parts: Sequence[str | Sheet], width: int) -> str | None:
    """``parts`` (lines of text and tables) as rich draws them ``width`` columns wide, each
    line ended; ``None`` where only rich can say."""
    drawn: list[str] = []
    for part in parts:
        lines = _lines(part, width) if isinstance(part, str) else _table(part, width)
        if lines is None:
            return None
        drawn += lines
    return "".join(f"{line}\n" for line in drawn)
