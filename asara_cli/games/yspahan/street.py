"""The street as a map a table can lay beside the board: every cell's name (the board prints
none) and the souk of each shop it faces, drawn from the referee's board (``Board.faces``).

Two drawings of one layout, in text (80 columns) and SVG (one printable page): the long arms
W and E in one row, N above the centre and S below it; a shop on the side of its quarter,
the quarter between the two arms its souks face. Pure: no rich, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from asara_cli.core.i18n import _
from asara_cli.core.words import both
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.rules.board import Board
from asara_cli.games.yspahan.rules.events import INNER
from asara_cli.games.yspahan.words import spoken_word
from asara_cli.render.safe import escape

#: The arms the layout knows, and where each goes: W and E in the row, N up, S down.
ARMS = ("W", "E", "N", "S")
#: Columns per cell in the row: W10 .. E7 is 18 cells, 72 columns.
STEP = 4


@dataclass(frozen=True)
class Label:
    """A shop drawn at a cell: its souk, and the side of the street it stands on
    (``north``/``south`` of the row, ``west``/``east`` of a vertical arm)."""

    cell: str
    souk: str
    side: str

    @property
    def shown(self) -> str:
        """The souk as the map names it, in the language in use (``chest8``, ``Truhe8``)."""
        return terms.souk(self.souk)


def _layout(board: Board) -> tuple[dict[str, int], list[str]] | None:
    """Each arm's length and the row's cells, west to east (W-far .. W1, C, E1 .. E-far);
    ``None`` unless the street is the cross this layout draws (arms W, E, N, S)."""
    if sorted(arm for arm, _ in board.arms) != sorted(ARMS):
        return None
    length = dict(board.arms)
    return length, ([f"W{i}" for i in range(length["W"], 0, -1)] + [board.centre]
                    + [f"E{i}" for i in range(1, length["E"] + 1)])


def labels(board: Board) -> list[Label]:
    """Every (cell, shop) pair of the board, with the side it is drawn on, in cell order."""
    arms = {quarter: _arms(board, quarter) for quarter in board.quarters}
    out: list[Label] = []
    for cell in board.cells:
        pos = board.cell_position(cell)
        arm = pos[0] if pos is not None else ""
        for souk_index, _shop in board.faces.get(cell, ()):
            souk = board.souks[souk_index]
            others = arms[souk.quarter]
            if arm in ("W", "E"):
                side = "north" if "N" in others else "south"
            else:
                side = "west" if "W" in others else "east"
            out.append(Label(cell, souk.id, side))
    return out


def _arms(board: Board, quarter: str) -> set[str]:
    """The arms of the street that the shops of ``quarter``'s souks face."""
    return {pos[0] for i in board.souks_of(quarter) for cells in board.souks[i].street
            for cell in cells if (pos := board.cell_position(cell)) is not None}


def street_text(board: Board) -> str:
    """The map in plain text, at most 80 columns wide (see the module's docstring)."""
    layout = _layout(board)
    if layout is None:
        return ""
    length, row = layout
    x_of = {cell: i * STEP for i, cell in enumerate(row)}
    centre = x_of[board.centre]
    width = len(row) * STEP
    drawn = labels(board)

    try:
        north = _side_lines("north", drawn, x_of, centre, width)
        south = _side_lines("south", drawn, x_of, centre, width)
    except _NoRoom:  # a table's own profile with long souk names: no map, the list stays
        return ""
    lines = _arm("N", range(length["N"], 0, -1), drawn, centre)
    lines += ["".join(line).rstrip() for line in reversed(north)]
    lines.append("".join(f"{cell:<{STEP}}" for cell in row).rstrip())
    lines += ["".join(line).rstrip() for line in south]
    lines += _arm("S", range(1, length["S"] + 1), drawn, centre)
    lines = [line.rstrip() for line in lines]
    if max(len(line) for line in lines) > 80:  # a longer street than the printed one
        return ""
    return "\n".join(lines)


def _side_lines(side: str, drawn: Sequence[Label], x_of: dict[str, int], centre: int,
                width: int) -> list[list[str]]:
    """The label lines on one side of the row, nearest first: each label starts at its
    cell's column and a tick joins it to the cell; the centre's column stays free for the
    vertical arm. Labels are placed from the east end westward, so a tick never has to
    cross a label placed before it."""
    lines: list[list[str]] = []
    for lab in sorted((d for d in drawn if d.side == side and d.cell in x_of),
                      key=lambda d: -x_of[d.cell]):
        x = x_of[lab.cell]
        start, end = x, x + len(lab.shown)
        if x < centre and end > centre:  # a longer name (German) ends where the arm is
            start, end = centre - len(lab.shown), centre
        if start < 0 or (x < centre + STEP and end > centre):  # would cross the arm
            raise _NoRoom(lab.souk)
        depth = 0
        while True:
            if depth == len(lines):
                lines.append([" "] * (width + 8))
            line = lines[depth]
            if all(c == " " for c in line[start:end + 1]):  # a new line always has room
                line[start:end] = list(lab.shown)
                for k in range(depth):
                    lines[k][x] = "│"
                break
            depth += 1
    for line in lines:  # the street runs on through the labels to N1 and S1
        line[centre] = "│"
    return lines


def _arm(name: str, numbers: Sequence[int], drawn: Sequence[Label], centre: int) -> list[str]:
    """The cells of an arm, one a line, with the labels of the souks beside them."""
    out = []
    for i in numbers:
        cell = f"{name}{i}"
        west, east = (" ".join(d.shown for d in drawn if d.cell == cell and d.side == side)
                      for side in ("west", "east"))
        left = " " * max(0, centre - 1 - len(west)) + west + " "
        out.append((left[-centre:] if centre else "") + f"{cell:<{STEP}}" + east)
    return out


class _NoRoom(Exception):
    """A label would cross the vertical arm."""


def street_notes(board: Board) -> list[str]:
    """What the map cannot show: the inner shops, and which shops face two cells."""
    inner = ", ".join(f"{terms.souk(s.id)} {s.inner}" for s in board.souks if s.inner)
    corners = [_("{souk} at {cells}").format(souk=terms.souk(s.id), cells=both(cells))
               for s in board.souks for cells in s.street if len(cells) > 1]
    named = f"{terms.souk('bag6')} W5"
    out = [_("A shop is named by its souk and the cell it faces (goods {shop}). {centre} "
             "faces no shop.").format(shop=named, centre=board.centre)]
    if corners:
        out.append(_("Corner shops, facing two cells (name either): {shops}.").format(
            shops="; ".join(corners)))
    if inner:
        out.append(_("Inner shops (no cell: write the souk and {inner}): {shops}.").format(
            inner=spoken_word(INNER), shops=inner))  # the word typed in the language
    return out


# --- the printable page -------------------------------------------------------------------------


_QUARTER_FILL = {"bag": "#f3e3c3", "barrel": "#e7d3c7", "chest": "#dbe4ef", "vase": "#e2eedc"}


def street_svg(board: Board) -> str:
    """One A4 page (SVG) of the street: each cell a box with its name, each shop facing it a
    box beside it with its souk; the inner shops and the corner shops listed below. The
    vertical arms stand off the row by the depth of its shops, joined to C by the street."""
    layout = _layout(board)
    if layout is None:
        return ""
    length, row = layout
    cell, gap, shop_w, shop_h = _CELL, _GAP, _SHOP_W, _SHOP_H
    col_of = {c: i for i, c in enumerate(row)}
    margin_x = 30
    band = shop_h + 2 * gap  # the row's shops, between the row and N1 (or S1)
    row_y = 60 + length["N"] * (cell + gap) + band
    page_w = margin_x * 2 + len(row) * (cell + gap)
    centre_x = margin_x + col_of[board.centre] * (cell + gap)

    def box_of(name: str) -> tuple[float, float]:
        if name in col_of:
            return margin_x + col_of[name] * (cell + gap), row_y
        pos = board.cell_position(name)
        assert pos is not None
        arm, i = pos
        step = band + (i - 1) * (cell + gap) + cell + gap
        return centre_x, row_y - step if arm == "N" else row_y + step

    # the street from C to N1 and S1, through the row's shops
    out = [f'<rect x="{centre_x + 8}" y="{y}" width="{cell - 16}" height="{band + 2 * gap}" '
           'fill="#bbb"/>' for y in (row_y - band - gap, row_y + cell - gap)]
    east, south = centre_x + cell + shop_w + 20, row_y + cell + band + 40
    out += _quarter_names(board, {("W", "N"): (margin_x, 60), ("E", "N"): (east, 60),
                                  ("W", "S"): (margin_x, south), ("E", "S"): (east, south)})
    for name in board.cells:
        x, y = box_of(name)
        out.append(f'<g class="cell" data-cell="{escape(name)}">'
                   f'<rect x="{x:g}" y="{y:g}" width="{cell}" height="{cell}" fill="#fff" '
                   f'stroke="#333" stroke-width="1.2"/>'
                   f'<text x="{x + cell / 2:g}" y="{y + cell / 2 + 5:g}" text-anchor="middle" '
                   f'font-size="14" font-weight="bold">{escape(name)}</text></g>')
    stacked: dict[tuple[str, str], int] = {}
    for lab in labels(board):
        n = stacked.get((lab.cell, lab.side), 0)
        stacked[(lab.cell, lab.side)] = n + 1
        quarter = next((s.quarter for s in board.souks if s.id == lab.souk), "")
        out.append(_shop_svg(lab, *box_of(lab.cell), n, _QUARTER_FILL.get(quarter, "#eee")))
    bottom = row_y + cell + band + length["S"] * (cell + gap) + 30
    lines = _notes(board)
    for k, line in enumerate(lines):
        out.append(f'<text x="{margin_x}" y="{bottom + 16 * k:g}" font-size="10" '
                   f'xml:space="preserve">{escape(line)}</text>')
    return _page(out, page_w, bottom + 16 * len(lines) + 10, margin_x)


def _page(drawn: list[str], page_w: float, page_h: float, margin_x: float) -> str:
    """The SVG page of what is ``drawn``, under its heading: one A4 page, portrait, within
    its margins (190 mm wide, the height as drawn)."""
    heading = _("YSPAHAN: the street, every cell and the shops it faces")
    title = (f'<text x="{margin_x}" y="28" font-size="18" font-weight="bold">'
             f'{escape(heading)}</text>')
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="190mm" '
            f'height="{190 * page_h / page_w:.0f}mm" viewBox="0 0 {page_w} {page_h:g}" '
            'font-family="Helvetica, Arial, sans-serif">\n'
            f'<rect width="{page_w}" height="{page_h:g}" fill="#fff"/>\n'
            f'{title}\n' + "\n".join(drawn) + "\n</svg>\n")


def _quarter_names(board: Board, quadrant: dict[tuple[str, str], tuple[float, float]]
                   ) -> list[str]:
    """Each quarter's name in the corner of the page where its souks' arms are."""
    out = []
    for q in board.quarters:
        arms = _arms(board, q)
        qx, qy = quadrant[("W" if "W" in arms else "E", "N" if "N" in arms else "S")]
        # TRANSLATORS: {quarter} is a quarter's name, e.g. "bag quarter"
        named = _("the {quarter}").format(quarter=terms.quarter_named(q))
        out.append(f'<text x="{qx}" y="{qy + 14}" font-size="13" font-style="italic" '
                   f'fill="#555">{escape(named)}</text>')
    return out


def _notes(board: Board) -> list[str]:
    """The lines below the map: the inner and corner shops, then the souks by quarter."""
    lines = [*street_notes(board), _("Souks by quarter:")]
    return lines + [f"  {terms.good(q)}: "
                    + ", ".join(terms.souk(board.souks[i].id) for i in board.souks_of(q))
                    for q in board.quarters]


_CELL, _GAP = 40, 2  # a cell's box and the gap between boxes, in points
_SHOP_W, _SHOP_H = 66, 44  # a shop beside a vertical arm; above or below the row


def _shop_svg(lab: Label, x: float, y: float, n: int, fill: str) -> str:
    """The box of a shop facing the cell drawn at ``x``, ``y``, the ``n``th on its side."""
    row = lab.side in ("north", "south")  # above or below the row, else beside an arm
    w, h = (_CELL, _SHOP_H) if row else (_SHOP_W, _CELL)
    step = (h if row else w) + _GAP
    off = -step * (n + 1) if lab.side in ("north", "west") else _CELL + _GAP + n * step
    sx, sy = (x, y + off) if row else (x + off, y)
    cx, cy = sx + w / 2, sy + h / 2
    # a box's height holds 7 letters at 10 points; a longer name (German) is smaller
    font = (f'font-size="{10 if len(lab.shown) <= 7 else round(70 / len(lab.shown), 1):g}" '
            f'transform="rotate(-90 {cx:g} {cy:g})"' if row else 'font-size="11"')
    return (f'<g class="shop" data-cell="{escape(lab.cell)}" '
            f'data-souk="{escape(lab.souk)}"><rect x="{sx:g}" y="{sy:g}" width="{w:g}" '
            f'height="{h:g}" fill="{fill}" stroke="#777"/><text x="{cx:g}" y="{cy + 4:g}" '
            f'text-anchor="middle" {font}>{escape(lab.shown)}</text></g>')
