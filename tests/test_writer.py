"""The plain writer (render/wrap.py) and the plain layout of the compact board
(render/sheet.py), held to their own rules: lines broken between words at the width, every
control character shown escaped, the width from $COLUMNS or the terminal, colours only on a
terminal that wants them, and a board that fits its width with everything on it."""

from __future__ import annotations

import io
import os
import re
import sys
import unicodedata
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asara_cli.core.shown import safe_text
from asara_cli.render.sheet import Cell, Column, Sheet, cells, draw
from asara_cli.render.wrap import Writer, colour_wanted, terminal_width

SGR_CODE = re.compile(r"\x1b\[[0-9;]*m")


def _written(monkeypatch: pytest.MonkeyPatch, *objects: str, stderr: bool = False,
             **options: str) -> str:
    buffer = io.StringIO()
    monkeypatch.setattr(sys, "stderr" if stderr else "stdout", buffer)
    Writer(stderr=stderr).print(*objects, **options)
    return buffer.getvalue()


@pytest.fixture
def no_terminal(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No terminal anywhere, whatever runs the tests: the width is $COLUMNS or 80."""

    def not_a_terminal(fd: int = 1) -> os.terminal_size:
        raise OSError("not a terminal")

    monkeypatch.setattr(os, "get_terminal_size", not_a_terminal)
    monkeypatch.delenv("COLUMNS", raising=False)
    return monkeypatch


@pytest.mark.parametrize("width, text, expected", [
    (80, "", "\n"),
    (80, "ok: game.toml: 12 events, year 2", "ok: game.toml: 12 events, year 2\n"),
    (40, "refused: Ann takes 5 at the bank, no free bank space pays 5 [R3.4]",
     "refused: Ann takes 5 at the bank, no\n   free bank space pays 5 [R3.4]\n"),
    (40, "  indented, and long enough to wrap at forty columns",
     "  indented, and long enough to wrap at\n    forty columns\n"),
    (20, "narrower than forty columns is wrapped at forty, as a word or two a line is no use",
     "narrower than forty columns is wrapped\n   at forty, as a word or two a line is\n"
     "   no use\n"),
    (40, "a " + "x" * 50 + " b", "a\n   " + "x" * 50 + "\n   b\n"),  # a long word stays whole
    (40, "game.toml:12: event 3 (Ann, turn): a diagnostic stays whole however long",
     "game.toml:12: event 3 (Ann, turn): a diagnostic stays whole however long\n"),
    (40, "error: some/where/game.toml: the place stays together at the start",
     "error: some/where/game.toml: the place\n   stays together at the start\n"),
])
def test_a_plain_line_is_broken_between_words(no_terminal: pytest.MonkeyPatch, width: int,
                                              text: str, expected: str) -> None:
    no_terminal.setenv("COLUMNS", str(width))
    assert _written(no_terminal, text) == expected


def test_control_characters_are_shown_never_obeyed(no_terminal: pytest.MonkeyPatch) -> None:
    said = _written(no_terminal, "Ann\x1b[31m red, \u202eeman, bell\x07, cr\r, del\x7f")
    assert said == "Ann\\x1b[31m red, \\u202eeman, bell\\x07, cr\\r, del\\x7f\n"
    assert _written(no_terminal, "a", "b\x1b", sep="\r-", end="!\x07") == "a\\r-b\\x1b!\\x07"
    assert _written(no_terminal, "to stderr", stderr=True, end="") == "to stderr"


@settings(max_examples=300, deadline=None)
@given(text=st.text(), width=st.integers(0, 160))
def test_any_text_keeps_its_words_and_loses_its_control_characters(text: str,
                                                                   width: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", str(width))
        said = _written(patch, text)
    assert said.endswith("\n")
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs")
                   for c in said if c not in "\n\t")
    assert "".join(said.split()) == "".join(safe_text(text).split())


@pytest.mark.parametrize("columns, terminal, width", [
    (None, None, 80), ("100", None, 100), ("100", 120, 100), (None, 120, 120),
    ("abc", None, 80), ("0", 90, 90), ("", None, 80), ("-5", None, 80)])
def test_the_width_is_columns_else_the_terminal_s_else_80(
        monkeypatch: pytest.MonkeyPatch, columns: str | None, terminal: int | None,
        width: int) -> None:
    def size(fd: int = 1) -> os.terminal_size:
        if terminal is None:
            raise OSError("not a terminal")
        return os.terminal_size((terminal, 30))

    monkeypatch.setattr(os, "get_terminal_size", size)
    monkeypatch.delenv("COLUMNS", raising=False)
    if columns is not None:
        monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    writer = Writer()
    assert terminal_width(sys.stdout) == writer.width == width
    assert writer.rich.width == width  # rich, when it draws, is given the same width


def test_a_character_the_stream_cannot_encode_is_a_question_mark(
        no_terminal: pytest.MonkeyPatch) -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    no_terminal.setattr(sys, "stdout", stream)
    Writer().print("Zoë ◀")
    assert raw.getvalue() == b"Zo? ?\n"


def test_a_closed_pipe_ends_quietly_with_code_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """No traceback, exit code 1, and stdout goes nowhere after."""

    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    duplicated: list[int] = []
    monkeypatch.setattr(sys, "stdout", Closed())
    monkeypatch.setattr(os, "dup2", lambda fd, to: duplicated.append(to))
    monkeypatch.setattr(sys.stdout, "fileno", lambda: 1, raising=False)
    with pytest.raises(SystemExit) as ended:
        Writer().print("a line")
    assert ended.value.code == 1 and duplicated == [1]


def test_once_rich_draws_everything_goes_through_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A capture, or a table before a line, keeps its order and its destination."""
    from rich.text import Text

    monkeypatch.setenv("COLUMNS", "80")
    buffer = io.StringIO()
    monkeypatch.setattr(sys, "stdout", buffer)
    writer = Writer()
    with writer.capture() as captured:
        writer.print(Text("drawn"))
        writer.print("a line")
    assert captured.get() == "drawn\na line\n" and buffer.getvalue() == ""


def test_rich_shows_control_characters_escaped_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.table import Table

    monkeypatch.setenv("COLUMNS", "80")
    buffer = io.StringIO()
    monkeypatch.setattr(sys, "stdout", buffer)
    table = Table("player")
    table.add_row("x\x1b[2Jy\u202e")
    writer = Writer()
    writer.print(table)
    writer.print("Ann\x1b[31m")
    said = buffer.getvalue()
    assert "x\\x1b[2Jy\\u202e" in said and "Ann\\x1b[31m\n" in said
    assert "\x1b" not in said and "\u202e" not in said


# --- the plain layout (render/sheet.py) --------------------------------------------------------


def test_a_table_in_the_plain_layout() -> None:
    sheet = Sheet("players", (Column("player"), Column("Asari", True), Column("towers")),
                  (("Ann ◀", "7", Cell([[("red (2) ", "bold red"), ("█▲", "bold red")],
                                         [("green (1) █", "bold green")]])),
                   ("李四", "12", Cell([[("-", "")]], style="dim"))))
    assert draw(["title", sheet], 80) == (
        "title\n"
        "players\n"
        "player  Asari  towers\n"
        "──────────────────────────\n"
        "Ann ◀       7  red (2) █▲\n"
        "               green (1) █\n"
        "李四       12  -\n")
    coloured = draw([("title", "bold"), sheet], 80, colour=True)
    assert coloured is not None
    assert "\x1b[1;31mred (2) \x1b[0m" in coloured and "\x1b[2m-\x1b[0m" in coloured
    assert SGR_CODE.sub("", coloured) == draw(["title", sheet], 80)
    assert draw([sheet], 26) is not None and draw([sheet], 25) is None  # wider: rich's


def test_cells_are_terminal_columns() -> None:
    assert [cells(t) for t in ("abc", "李四", "e\u0301", "◀♛█▮▯✦▲", "")] == [3, 4, 1, 7, 0]


NAMES = [("Ada", "Bo", "Cyd", "Dee"), ("Zoë", "Jürgen", "Åsa"),
         ("Anna-Lena Maximiliane", "B"), ("李", "Ann", "x\u202ey")]


@pytest.mark.parametrize("flags", [(), ("pro",), ("pro", "gifts", "genie"), ("gifts",)])
def test_the_compact_board_fits_and_shows_everything(flags: tuple[str, ...]) -> None:
    """Every seventh state of simulated games (names with accents, long, wide and with a
    bidi control among them), at widths from narrow to wide: the plain board fits its width
    (or leaves the board to rich), ends no line in spaces, and shows each player's name,
    money, buyers, prestige and towers, each area in play and the legend."""
    from asara_cli.games.asara import GAME
    from asara_cli.games.asara.rules.model import tower_label
    from asara_cli.games.asara.rules.state import in_play
    from asara_cli.games.asara.screens.game import StatusView
    from asara_cli.logfile.board import load_board

    rules = GAME
    board = load_board(None, "asara")
    drawn = 0
    for seed, names in enumerate(NAMES):
        setup, events = rules.simulate(board, seed, len(names), frozenset(flags), names)
        outcome = rules.replay(board, setup, events)
        for at in range(0, len(events) + 1, 7):
            view = rules.status_view(board, outcome, at, f"game.toml after event {at}")
            assert isinstance(view, StatusView)
            state = view.state
            wide = view.plain(1000)
            assert wide is not None
            needed = max(cells(line) for line in wide.splitlines())
            for width in (40, 66, 80, 120):
                plain = view.plain(width)
                assert (plain is None) == (needed > width)
                if plain is None:
                    continue
                drawn += 1
                lines = plain.splitlines()
                assert all(cells(line) <= width and line == line.rstrip() for line in lines)
                assert "\x1b" not in plain and "\u202e" not in plain
                for seat, p in enumerate(state.players):
                    name = safe_text(p.name)
                    row = next(line for line in lines if line.startswith(name))
                    numbers = row[len(name):].replace("◀", "").replace("♛", "").split()[:3]
                    assert numbers == [str(p.money), str(p.buyers), str(state.prestige(seat))]
                    for i, tower in enumerate(p.towers):
                        assert f"{tower_label(p.towers, i)} ({tower.height}) " in plain
                assert all(spec.name in plain for spec in board.areas
                           if in_play(board, state.setup, spec.key))
                assert "Towers, bottom to top:" in plain and "asara status --full" in plain
                coloured = view.plain(width, True)
                assert coloured is not None and SGR_CODE.sub("", coloured) == plain
    assert drawn > 60  # the plain layout answers at usual widths


@pytest.mark.parametrize("env, tty, colour", [
    ({"TERM": "xterm-256color"}, True, True),
    ({"TERM": "xterm"}, True, True),
    ({}, True, True),
    ({"TERM": "xterm", "NO_COLOR": "1"}, True, False),
    ({"TERM": "xterm", "NO_COLOR": ""}, True, True),
    ({"TERM": "dumb"}, True, False),
    ({"TERM": "xterm"}, False, False),
])
def test_colours_only_on_a_terminal_that_wants_them(monkeypatch: pytest.MonkeyPatch,
                                                    env: dict[str, str], tty: bool,
                                                    colour: bool) -> None:
    from asara_cli.cli.common import replay_file

    for name in ("TERM", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(sys, "platform", "linux")

    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    monkeypatch.setattr(sys, "stdout", Stream())
    assert colour_wanted(sys.stdout) == colour
    log = Path(__file__).parent.parent / "sample_games" / "four-player-pro.toml"
    game = replay_file(log, None)
    writer = Writer()
    from asara_cli.games.asara.screens.game import StatusView

    view = game.game.status_view(game.board, game.result, 12, "after")
    assert isinstance(view, StatusView)
    writer.print(view)
    said = cast(io.StringIO, sys.stdout).getvalue()
    assert ("\x1b[" in said) == colour
    assert SGR_CODE.sub("", said) == view.plain(80)
    assert writer._rich is None  # drawn without rich


def test_status_draws_every_sample_in_the_plain_layout_within_80_columns() -> None:
    from typer.testing import CliRunner

    from asara_cli.cli import app

    samples = [p for p in sorted((Path(__file__).parent.parent / "sample_games").glob("*.toml"))
               if not p.name.endswith(".sheet.toml")]
    assert len(samples) >= 5
    for log in samples:
        said = CliRunner().invoke(app, ["status", str(log)], env={"COLUMNS": "80"})
        lines = said.stdout.splitlines()
        assert all(cells(line) <= 80 and line == line.rstrip() for line in lines), log.name
        assert lines[-1] == "Behind the screens and the market: asara status --full", log.name
        assert any(set(line) == {"─"} for line in lines), log.name  # the plain layout's rule
