"""Simple screens drawn without rich, as rich draws them.

Importing rich's console and drawing its first tables costs a command about 30 ms, half
of Python and Typer's own start (docs/performance.md, "Start-up"). A screen made only of
lines of text and tables of rich's ``SIMPLE_HEAD`` box without edges (as ``asara status``
is) is drawn here as rich draws it, character for character and escape code for escape
code; the screen also says how rich draws it (its ``__rich__``), for everything else.

Only what is sure to come out as rich's is drawn here: every character printable and one
column wide, every line within the width, every table as wide as its widest cells (rich
would squeeze and wrap a wider one), every style one of :data:`SGR`'s. Anything else
answers ``None``, and rich draws it. tests/test_writer.py holds this to rich's own output.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Characters besides printable ASCII that rich gives one column (the towers and the marks
#: beside a name; Latin letters with accents), checked against rich in the tests
NARROW = frozenset("█▮▯✦▲◀♛─") | frozenset(
    c for c in map(chr, range(0xA1, 0x180)) if c.isprintable())

#: The escape code parameters (SGR) rich writes for each style the screens use, by colour
#: system (:data:`TRUECOLOR` ...); checked against rich in the tests. A table's title and
#: headings are in rich's default theme's styles for them, italic and bold.
SGR: dict[str, tuple[str, str, str, str]] = {
    "bold": ("1", "1", "1", "1"),
    "italic": ("3", "3", "3", "3"),
    "dim": ("2", "2", "2", "2"),
    "yellow": ("33", "33", "33", ""),
    "bold green": ("1;32", "1;32", "1;32", "1"),
    "bold red": ("1;31", "1;31", "1;31", "1"),
    "bold #a0522d": ("1;38;2;160;82;45", "1;38;5;130", "1;33", "1"),
    "bold black on grey70": ("1;30;48;5;249", "1;30;48;5;249", "1;30;47", "1"),
    "bold bright_white on grey30": ("1;97;48;5;239", "1;97;48;5;239", "1;97;100", "1"),
}
#: The colour systems, as indexes into :data:`SGR`'s rows: 24-bit colour, 256 colours,
#: 16 colours, and a terminal with $NO_COLOR set (rich keeps bold, dim and italic)
TRUECOLOR, EIGHT_BIT, STANDARD, NO_COLOR = range(4)

#: A piece of text and its style ("" for none)
Span = tuple[str, str]


class Column:
    """A column's heading, and whether it is justified right (numbers). (Plain classes, not
    dataclasses: making a dataclass costs a command's start a few tenths of a ms.)"""

    __slots__ = ("header", "right")

    def __init__(self, header: str, right: bool = False) -> None:
        self.header, self.right = header, right


class Cell:
    """A cell's lines, each in styled pieces, as rich's ``Text`` has them: with ``style``
    (the text's own, which rich extends over the padding that justifies it) or with styled
    pieces (which it does not), not both."""

    __slots__ = ("lines", "style")

    def __init__(self, lines: Sequence[Sequence[Span]], style: str = "") -> None:
        self.lines, self.style = lines, style


class Sheet:
    """A table as rich draws ``Table(box=box.SIMPLE_HEAD, title=..., title_justify="left",
    show_edge=False)``; a plain cell's lines are separated by ``\\n``."""

    __slots__ = ("columns", "rows", "title")

    def __init__(self, title: str, columns: Sequence[Column],
                 rows: Sequence[Sequence[str | Cell]]) -> None:
        self.title, self.columns, self.rows = title, columns, rows


class _Declined(Exception):
    """Something only rich can draw as rich does."""


def _narrow(text: str) -> bool:
    return all(c in NARROW or (c.isascii() and c.isprintable()) for c in text)


class _Painter:
    def __init__(self, system: int | None) -> None:
        self.system = system

    def __call__(self, text: str, style: str) -> str:
        """``text`` in ``style``, as rich writes a segment."""
        if not style or self.system is None or not text:
            return text
        if style not in SGR:
            raise _Declined
        codes = SGR[style][self.system]
        return f"\x1b[{codes}m{text}\x1b[0m" if codes else text


def _cell(cell: str | Cell) -> Cell:
    if isinstance(cell, Cell):
        if cell.style and any(style for line in cell.lines for _, style in line):
            raise _Declined  # rich would combine the two styles
        return cell
    return Cell([[(line, "")] for line in cell.split("\n")])


def _table(sheet: Sheet, width: int, paint: _Painter) -> list[str]:
    heads = [Cell([[(c.header, "")]]) for c in sheet.columns]
    rows = [[_cell(cell) for cell in row] for row in sheet.rows]
    if any(len(row) != len(sheet.columns) for row in rows):
        raise _Declined
    texts = [[["".join(t for t, _ in line) for line in c.lines] for c in row]
             for row in [heads, *rows]]
    if not all(_narrow(line) for row in texts for cell in row for line in cell):
        raise _Declined
    # each column as wide as its widest line, and a space of padding each side
    widths = [max(max((len(line) for line in row[i]), default=0) for row in texts) + 2
              for i in range(len(sheet.columns))]
    total = sum(widths) + len(widths) - 1  # a space between two columns
    if total > width or len(sheet.title) > total or not _narrow(sheet.title):
        raise _Declined
    drawn = [paint(sheet.title.ljust(total), "italic")] if sheet.title else []
    for number, row in enumerate([heads, *rows]):
        edge = "bold" if number == 0 else ""  # the headings' style pads them too
        for i in range(max(len(cell.lines) for cell in row)):
            pieces = []
            for column, w, cell in zip(sheet.columns, widths, row, strict=True):
                if i >= len(cell.lines):  # under a shorter cell: blank, in the row's style
                    pieces.append(paint(" " * w, edge))
                    continue
                line = cell.lines[i]
                plain = "".join(text for text, _ in line)
                if column.right and plain != plain.rstrip():
                    raise _Declined  # rich strips a line it justifies right
                gap = " " * (w - 2 - len(plain))
                if cell.style or edge:
                    body = paint(gap + plain if column.right else plain + gap,
                                 cell.style or edge)
                else:
                    styled = "".join(paint(text, style) for text, style in line)
                    body = gap + styled if column.right else styled + gap
                pieces.append(paint(" ", edge) + body + paint(" ", edge))
            drawn.append(" ".join(pieces))
        if number == 0:  # under the headings
            drawn.append("─" * total)
    return drawn


def draw(parts: Sequence[str | Span | Sheet], width: int, system: int | None = None
         ) -> str | None:
    """``parts`` (lines of text, a line in a style, tables) as rich draws them ``width``
    columns wide in colour system ``system`` (``None``: no colours, as to a pipe), each line
    ended; ``None`` where only rich can say."""
    paint = _Painter(system)
    drawn: list[str] = []
    try:
        for part in parts:
            if isinstance(part, Sheet):
                drawn += _table(part, width, paint)
                continue
            text, style = (part, "") if isinstance(part, str) else part
            lines = text.split("\n")
            if not all(len(line) <= width and _narrow(line) for line in lines):
                return None
            drawn += [paint(line, style) for line in lines]
    except _Declined:
        return None
    return "".join(f"{line}\n" for line in drawn)
