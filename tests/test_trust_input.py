"""Trust, third pass (issue 27): no input reaches an internal error. Number words read by one
ASCII reader, board profiles that name their game, CSV and markdown cells that escape what a
terminal or a renderer would obey, Ctrl-C at once, and a game's total size bounded
(docs/reliability.md names the test for each promise)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from asara_cli.cli import run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"


def _club_with(tmp_path: Path, replace: tuple[str, str]) -> Path:
    """A folder holding the two-player sample with one replacement made in its text."""
    club = tmp_path / "club"
    club.mkdir()
    text = (SAMPLES / "two-player-basic.toml").read_text("utf-8")
    assert replace[0] in text
    (club / "game.toml").write_text(text.replace(*replace, 1), "utf-8")
    return club


# --- CSV and markdown cells ----------------------------------------------------------------


def test_csv_cells_escape_line_breaks_and_control_characters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a place holding a line break, a carriage return and a tab would start a line that looks
    # like a row of its own when the file is read in a terminal (quoted or not)
    club = _club_with(tmp_path, ("format = 1\n", 'format = 1\nplace = "Caf\\n'
                                 'forged,row\\r\\tend"\n'))
    assert run(["batch", str(club), "-f", "csv", "--no-cache"]) == 0
    out = capsys.readouterr().out
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff"), newline="")))
    assert len(rows) == 3  # the header and one row per player
    places = {row[rows[0].index("place")] for row in rows[1:]}
    assert places == {"Caf\\nforged,row\\r\\tend"}
    # no line break but the rows' own, and no tab anywhere
    assert out.count("\n") == out.count("\r") == len(rows) and "\t" not in out


def test_markdown_cells_neutralise_link_syntax(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = "[click me](javascript:alert(1))"
    club = _club_with(tmp_path, ('"Tina"', '"Tina"'))
    text = (club / "game.toml").read_text("utf-8")
    text = text.replace('"Tina"', f'"{link}"').replace(" Tina = ", f' "{link}" = ')
    (club / "game.toml").write_text(text, "utf-8")
    assert run(["batch", str(club), "-f", "markdown", "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "\\[click me\\](javascript:alert(1))" in out
    assert "[click me]" not in out.replace("\\[click me\\]", "")
    # a backslash in a name cannot undo the escape after it: `\[` and `\|` stay escaped
    from asara_cli.render.batch import _md

    assert _md("\\[x](y)") == "\\\\\\[x\\](y)" and _md("a\\|b") == "a\\\\\\|b"

