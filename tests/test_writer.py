"""The plain writer (render/wrap.py) writes a line as the rich console it stands in for
(render/console.py) prints it, to the byte: the same wrapping width, the same characters
dropped, every other control character escaped. rich's console is the oracle here."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from asara_cli.render.console import TableConsole
from asara_cli.render.wrap import Writer, terminal_width


def _both(monkeypatch: pytest.MonkeyPatch, *objects: str, stderr: bool = False,
          **options: str) -> tuple[str, str]:
    """What the plain writer and the rich console each write for one print."""
    said = []
    for make in (lambda: Writer(stderr=stderr),
                 lambda: TableConsole(stderr=stderr, markup=False, highlight=False,
                                      emoji=False)):
        buffer = io.StringIO()
        monkeypatch.setattr(sys, "stderr" if stderr else "stdout", buffer)
        writer = make()
        writer.print(*objects, **options)
        said.append(buffer.getvalue())
    return said[0], said[1]


@pytest.fixture
def columns(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    monkeypatch.delenv("LINES", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    yield monkeypatch


CASES = [
    "",
    "ok: game.toml: 12 events, year 2",
    "refused: Ann takes 5 at the bank\n  no free bank space pays 5 [R3.4]\n  nothing was written",
    "legal, not recorded: Dee takes 5 at the coloured building\n   Dee: 48 Asari, 17 prestige, "
    "5 buyers. Next: Ada, 27 Asari, 6 buyers.",
    "error: some/where/game.toml: " + "a rather long message about a log " * 5,
    "game.toml:12: event 3 (Ann, turn): " + "a diagnostic that stays whole " * 4,
    "Ann\x1b[31m red\x1b[0m, \u202eeman, bell\x07, back\x08space, cr\r, ff\x0c, vt\x0b, del\x7f",
    "a word " + "x" * 120 + "   ",
    "  indented, and long enough to wrap at forty columns or even at eighty columns wide",
    "wide: 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字 漢字 漢字漢字 " * 3,
    "trailing spaces   \nand lines\u2028with separators\u0085",
    "lone \udcff surrogate, \ud800 another",
    "with a\ttab that rich lays out",
]


@pytest.mark.parametrize("width", ["20", "40", "80", "133"])
@pytest.mark.parametrize("text", CASES)
def test_a_plain_line_is_written_as_rich_prints_it(columns: pytest.MonkeyPatch, width: str,
                                                   text: str) -> None:
    columns.setenv("COLUMNS", width)
    plain, rich = _both(columns, text)
    assert plain == rich
    assert "\x1b" not in plain and "\u202e" not in plain


def test_sep_end_and_stderr_are_rich_s(columns: pytest.MonkeyPatch) -> None:
    columns.setenv("COLUMNS", "80")
    assert _both(columns, "a", "b\x1b", sep="\r-", end="!\x07") == ("a-b\\x1b!\\x07",) * 2
    plain, rich = _both(columns, "to stderr", stderr=True, end="")
    assert plain == rich == "to stderr"


@settings(max_examples=300, deadline=None)
@given(text=st.text(), width=st.integers(0, 160))
@example(text="x " * 50 + "\u3000" * 30, width=45)
def test_any_text_is_written_as_rich_prints_it(text: str, width: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("LINES", raising=False)
        patch.setenv("COLUMNS", str(width))
        plain, rich = _both(patch, text)
    assert plain == rich


@pytest.mark.parametrize("env", [
    {},
    {"COLUMNS": "100"},
    {"COLUMNS": "100", "LINES": "30"},
    {"COLUMNS": "100", "TERM": "dumb"},
    {"COLUMNS": "100", "LINES": "30", "TERM": "dumb"},
    {"COLUMNS": "100", "TERM": "dumb", "FORCE_COLOR": "1"},
    {"COLUMNS": "100", "TERM": "unknown", "TTY_COMPATIBLE": "1"},
    {"COLUMNS": "100", "TERM": "dumb", "TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
    {"COLUMNS": "abc", "TERM": "DUMB", "FORCE_COLOR": ""},
    {"COLUMNS": "0"},
])
@pytest.mark.parametrize("tty", [False, True])
def test_the_width_is_rich_s(monkeypatch: pytest.MonkeyPatch, env: dict[str, str],
                             tty: bool) -> None:
    for name in ("COLUMNS", "LINES", "TERM", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)

    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    monkeypatch.setattr(sys, "stdout", Stream())
    rich = TableConsole(markup=False, highlight=False, emoji=False)
    assert terminal_width(sys.stdout) == rich.width == Writer().width


def test_a_closed_pipe_ends_quietly_with_code_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """As rich's console does: no traceback, exit code 1, and stdout goes nowhere after."""

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


# --- screens drawn without rich (render/sheet.py) ----------------------------------------------


def test_the_narrow_characters_are_one_column_in_rich() -> None:
    from rich.cells import cell_len

    from asara_cli.render.sheet import NARROW

    assert {c for c in NARROW if cell_len(c) != 1} == set()


def _rich_drawn(view: object, width: int, system: int | None = None) -> str:
    from rich.style import Style

    from asara_cli.render.sheet import EIGHT_BIT, NO_COLOR, STANDARD, TRUECOLOR

    # rich keeps a style's escape codes on the style, made once for the first colour system
    # it meets (one a process, as a command has it): forget them between systems
    Style.parse.cache_clear()
    Style._add.cache_clear()
    colours = {None: None, TRUECOLOR: "truecolor", EIGHT_BIT: "256", STANDARD: "standard",
               NO_COLOR: "truecolor"}[system]
    console = TableConsole(file=io.StringIO(), width=width, markup=False, highlight=False,
                           emoji=False, force_terminal=system is not None,
                           color_system=colours,  # type: ignore[arg-type]
                           no_color=system == NO_COLOR)
    console.print(view)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def test_the_escape_codes_are_rich_s() -> None:
    from rich.color import ColorSystem
    from rich.segment import Segment
    from rich.style import Style

    from asara_cli.render.sheet import SGR

    systems = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD)
    for name, codes in SGR.items():
        parse = Style.parse.__wrapped__  # a fresh style each
        made = [parse(Style, name)._make_ansi_codes(system) for system in systems]
        (plain,) = Segment.remove_color([Segment("x", parse(Style, name))])
        assert plain.style is not None
        assert (*made, plain.style._make_ansi_codes(ColorSystem.TRUECOLOR)) == codes, name


NAMES = [("Ada", "Bo", "Cyd", "Dee"), ("Zoë", "Jürgen", "Åsa"),
         ("Anna-Lena Maximiliane", "B"), ("李", "Ann", "x\u202ey")]


@pytest.mark.parametrize("flags", [(), ("pro",), ("pro", "gifts", "genie"), ("gifts",)])
def test_the_board_drawn_without_rich_is_rich_s(flags: tuple[str, ...]) -> None:
    """Every state of simulated games (names with accents, long, wide and with a bidi
    control among them), at widths from narrow to wide: where the plain drawing answers,
    it is rich's drawing without colours, character for character."""
    from asara_cli.games import game
    from asara_cli.logfile.board import load_board

    rules = game("asara")
    board = load_board(None, "asara")
    drawn = 0
    for seed, names in enumerate(NAMES):
        setup, events = rules.simulate(board, seed, len(names), frozenset(flags), names)
        outcome = rules.replay(board, setup, events)
        for at in range(0, len(events) + 1, 7):
            view = rules.status_view(board, outcome, at, f"game.toml after event {at}")
            for width in (40, 66, 80, 120):
                for system in (None, *range(4)):
                    plain = view.plain(width, system)
                    if plain is not None:
                        drawn += 1
                        assert plain == _rich_drawn(view, width, system), (seed, at, width)
    assert drawn > 200  # the plain drawing is not always declined


def test_status_to_a_pipe_is_drawn_as_rich_draws_it() -> None:
    """Through the command line: the board written to a file is rich's, for every sample."""
    from typer.testing import CliRunner

    from asara_cli.cli import app
    from asara_cli.cli.common import replay_file

    samples = [p for p in sorted((Path(__file__).parent.parent / "sample_games").glob("*.toml"))
               if not p.name.endswith(".sheet.toml")]
    plain = 0
    for log in samples:
        said = CliRunner().invoke(app, ["status", str(log)], env={"COLUMNS": "80"})
        game = replay_file(log, None)
        at = len(game.log.events)
        shown = at if game.result.stopped is None else min(at, game.result.stopped - 1)
        if shown < at:
            continue  # an illegal sample: its title says more; the tables are the same code
        view = game.game.status_view(game.board, game.result, at,
                                     f"{log} after event {shown}")
        assert said.stdout == _rich_drawn(view, 80), log.name
        plain += view.plain(80) is not None
    assert plain >= 3  # drawn without rich, not only by it


@pytest.mark.parametrize("env", [
    {"COLORTERM": "truecolor", "TERM": "xterm"},
    {"COLORTERM": " 24BIT "},
    {"TERM": "xterm-256color"},
    {"TERM": "screen.xterm-256color"},
    {"TERM": "xterm"},
    {"TERM": "xterm-16color"},
    {"TERM": ""},
    {"TERM": "xterm-256color", "NO_COLOR": "1"},
    {"TERM": "xterm-256color", "NO_COLOR": ""},
    {"TERM": "xterm-kitty"},
    {"TERM": "dumb"},
])
def test_the_board_at_a_terminal_is_rich_s(monkeypatch: pytest.MonkeyPatch,
                                           env: dict[str, str]) -> None:
    """At a terminal the writer picks the colour system rich would (or leaves the board to
    rich), and writes what rich writes."""
    from rich.style import Style

    from asara_cli.cli.common import replay_file

    for name in ("COLUMNS", "LINES", "TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR",
                 "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    for name, value in env.items():
        monkeypatch.setenv(name, value)

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    log = Path(__file__).parent.parent / "sample_games" / "four-player-pro.toml"
    game = replay_file(log, None)
    said, writers = [], []
    for make in (Writer, lambda: TableConsole(markup=False, highlight=False, emoji=False)):
        Style.parse.cache_clear()  # as in _rich_drawn
        Style._add.cache_clear()
        for at in (12, len(game.log.events)):
            monkeypatch.setattr(sys, "stdout", Terminal())
            writer = make()
            writer.print(game.game.status_view(game.board, game.result, at, "after"))
            said.append(cast(io.StringIO, sys.stdout).getvalue())
            writers.append(writer)
    assert said[:2] == said[2:]
    assert ("\x1b[" in said[0]) == (env.get("TERM") != "dumb")
    # drawn without rich, but where rich's versions or a dumb terminal leave a doubt
    rich_made = [w._rich is not None for w in writers[:2]]  # type: ignore[union-attr]
    assert rich_made == [env.get("TERM") in ("xterm-kitty", "dumb")] * 2
