"""The street map (issue 30): `asara board --game yspahan` draws every cell and the souk of
each shop it faces within 80 columns, and the printable page draws the same; both are read
back here as a person reads them and compared with the board the referee counts with
(``Board.faces``), so a map cannot name a cell or a shop the referee does not."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from yspahan_helpers import board, profile

from asara_cli.cli import build_app
from asara_cli.games.yspahan.rules.board import Board, board_from_mapping
from asara_cli.games.yspahan.street import street_svg, street_text

ROOT = Path(__file__).resolve().parent.parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def referee(b: Board) -> set[tuple[str, str]]:
    """Every (cell, souk) pair the referee knows: a shop of the souk faces the cell."""
    return {(cell, b.souks[i].id) for cell, faced in b.faces.items() for i, _ in faced}


def _tokens(line: str) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    x = 0
    for part in line.replace("│", " ").split(" "):
        if part:
            out.append((x, part))
        x += len(part) + 1
    return out


def read_text_map(text: str, b: Board) -> tuple[list[str], set[tuple[str, str]]]:
    """The cells a text map names, and its (cell, souk) pairs, read as a person does: the
    row is the line of cell names; a word above or below it belongs to the cell in whose
    column it starts (its tick runs there); on a line of N or S, the words beside the cell
    are its shops."""
    lines = text.splitlines()
    row_at = max(range(len(lines)), key=lambda i: sum(
        b.cell_position(t) is not None for _, t in _tokens(lines[i])))
    in_row = dict(_tokens(lines[row_at]))
    cells = list(in_row.values())
    pairs: set[tuple[str, str]] = set()
    for i, line in enumerate(lines):
        if i == row_at:
            continue
        tokens = _tokens(line)
        named = [t for _, t in tokens if b.cell_position(t) is not None]
        if named:
            assert len(named) == 1, line
            cells.append(named[0])
            pairs |= {(named[0], t) for _, t in tokens if t != named[0]}
        else:
            for x, word in tokens:
                assert x in in_row, f"{word!r} at column {x} starts at no cell's column"
                pairs.add((in_row[x], word))
    return cells, pairs


def test_the_text_map_draws_every_cell_and_every_shop_the_referee_knows() -> None:
    b = board()
    text = street_text(b)
    cells, pairs = read_text_map(text, b)
    assert sorted(cells) == sorted(b.cells)  # each cell once
    assert pairs == referee(b)
    assert max(len(line) for line in text.splitlines()) <= 80
    # the rulebook-free facts a table checks against its board: E1 and S1 face two shops
    assert {s for c, s in pairs if c == "E1"} == {"barrel3", "vase4"}
    assert {s for c, s in pairs if c == "S1"} == {"bag3", "barrel3"}
    assert not {s for c, s in pairs if c == b.centre}


def _moved(data: dict[str, Any]) -> dict[str, Any]:
    """A table's profile with two shops swapped: bag6's first shop faces W7 and its second
    W5 (the street's faces follow), and the N arm one cell shorter: no chest8 shop at N4."""
    data = copy.deepcopy(data)
    data["quarters"]["chest"]["souks"]["chest8"].update(street=[["N2"]], inner=3)
    data["street"]["arms"]["N"].update(length=3, faces=[["vase4"], ["chest8"], ["vase6"]])
    return data


def test_the_map_follows_the_profile_not_a_picture() -> None:
    b = board_from_mapping(_moved(profile()))
    cells, pairs = read_text_map(street_text(b), b)
    assert "N4" not in cells and sorted(cells) == sorted(b.cells)
    assert pairs == referee(b)
    assert ("N4", "chest8") not in pairs and ("N2", "chest8") in pairs


def _svg_pairs(page: str) -> tuple[list[str], set[tuple[str, str]]]:
    root = ET.fromstring(page.encode())
    groups = list(root.iter(f"{SVG}g"))
    cells = [g.get("data-cell", "") for g in groups if g.get("class") == "cell"]
    for g in groups:  # what a person sees in each box is what the data says
        text = next(g.iter(f"{SVG}text")).text
        assert text == (g.get("data-souk") or g.get("data-cell")), text
    return cells, {(g.get("data-cell", ""), g.get("data-souk", ""))
                   for g in groups if g.get("class") == "shop"}


@pytest.mark.parametrize("moved", [False, True])
def test_the_printable_page_draws_the_same(moved: bool) -> None:
    b = board_from_mapping(_moved(profile())) if moved else board()
    cells, pairs = _svg_pairs(street_svg(b))
    assert sorted(cells) == sorted(b.cells)
    assert pairs == referee(b)


def test_the_shop_boxes_beside_a_cell_touch_it() -> None:
    """Each shop's box stands next to its cell's box (above, below or beside it), so the
    page reads like the board."""
    root = ET.fromstring(street_svg(board()).encode())
    boxes: dict[str, tuple[float, float]] = {}
    for g in root.iter(f"{SVG}g"):
        rect = next(g.iter(f"{SVG}rect"))
        x, y = float(rect.get("x", "")), float(rect.get("y", ""))
        w, h = float(rect.get("width", "")), float(rect.get("height", ""))
        if g.get("class") == "cell":
            boxes[g.get("data-cell", "")] = (x, y)
            continue
        cx, cy = boxes[g.get("data-cell", "")]
        beside = abs(y - cy) < 1 and (abs(x + w + 2 - cx) < 1 or abs(cx + 40 + 2 - x) < 1)
        over = abs(x - cx) < 1 and (abs(y + h + 2 - cy) < 1 or abs(cy + 40 + 2 - y) < 1)
        assert beside or over, g.get("data-souk")


def test_the_docs_show_the_map_and_ship_the_page() -> None:
    b = board()
    assert f"```text\n{street_text(b)}\n```" in (ROOT / "docs" / "board.md").read_text("utf-8")
    assert (ROOT / "docs" / "yspahan-street.svg").read_text("utf-8") == street_svg(b)


def _board(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(build_app("board"), ["board", *args],
                                env={"COLUMNS": "80", "LINES": "40"})
    return result.exit_code, result.stdout, result.stderr


def test_asara_board_draws_the_street() -> None:
    code, out, _ = _board("--game", "yspahan")
    assert code == 0
    assert street_text(board()) in out
    assert "Corner shops, facing two cells (name either): bag3 at W1 and S1;" in out
    code, out, _ = _board("--game", "yspahan", "--format", "svg")
    assert code == 0 and out == street_svg(board())


def test_a_game_without_a_page_says_so() -> None:
    code, out, err = _board("--format", "svg")
    assert code == 2 and out == ""
    assert err.startswith("error: ASARA has no printable page")
