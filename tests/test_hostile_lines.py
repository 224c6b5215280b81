"""Lines are bounded and split in linear time (issue 36): a line longer than any move is
refused at once, in one line, from a pipe, at the terminal (typed or pasted) and on the
command line; Tab completion on it offers nothing at once; and the words of a line are split
as a POSIX shell splits them (``shlex.split``), in one pass."""

from __future__ import annotations

import shlex
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from terminal import asara, prompt, session

from asara_cli.cli import run
from asara_cli.cli.lines import LONGEST, split

#: Long enough that the standard library's split takes seconds (it is quadratic: about 8 s
#: here for 400,000 characters), short enough to send through a pipe or a terminal at once.
HUGE = "buy " + "x" * 400_000
#: What may pass for "at once" on a loaded machine (the bound is looked at first).
AT_ONCE = 1.5


@pytest.fixture
def game(tmp_path: Path) -> Path:
    made = asara(tmp_path, "new", "g.toml", "-p", "Tina", "-p", "Paul")
    assert made.returncode == 0, made.stderr
    return tmp_path / "g.toml"


# --- the split --------------------------------------------------------------------------------


def _words(text: str, comments: bool) -> list[str] | str:
    try:
        return split(text, comments)
    except ValueError as e:
        return str(e)


def _shlex(text: str, comments: bool) -> list[str] | str:
    try:
        return shlex.split(text, comments=comments)
    except ValueError as e:
        return str(e)


@settings(max_examples=400, deadline=None)
@given(st.text("ab '\"\\#\n\t\r\x0b\u00a0\u2028", max_size=16), st.booleans())
def test_the_split_is_the_shells(text: str, comments: bool) -> None:
    # quotes, escapes inside and outside them, comments, blanks of every kind, and the
    # errors of a quote left open or a backslash at the end: as shlex says them
    assert _words(text, comments) == _shlex(text, comments)


@pytest.mark.parametrize(("text", "words"), [
    ("buy base black -c blue", ["buy", "base", "black", "-c", "blue"]),
    ("souk 'bag3 N2' # a card", ["souk", "bag3 N2"]),
    ('a"b c"\\ d \'\' ""', ["ab c d", "", ""]),
    ('"a\\"b\\\\c\\d"', ['a"b\\c\\d']),
])
def test_the_split_of_typical_lines(text: str, words: list[str]) -> None:
    assert split(text, comments=True) == words


def test_the_split_is_linear() -> None:
    # a megabyte of words, quotes and escapes in about a second (shlex: many minutes)
    line = "buy 'base x' \"a\\\"b\" c\\ d " * 40_000
    started = time.perf_counter()
    assert len(split(line)) == 4 * 40_000
    assert time.perf_counter() - started < 10


# --- refused at once, in one line ---------------------------------------------------------


def test_an_over_long_line_from_a_pipe_is_refused_at_once(game: Path, tmp_path: Path) -> None:
    started = time.perf_counter()
    said = asara(tmp_path, "play", "g.toml", stdin=f"# first\n\n{HUGE}\nbuy base black\n")
    assert time.perf_counter() - started < 30  # before: minutes
    assert said.returncode == 2
    assert " ".join(said.stderr.split()) == (
        f"error: line 3: a line longer than {LONGEST} characters: no move is that long; it "
        "and the lines after it were not read")


def test_an_over_long_line_at_the_table_is_refused_at_once(game: Path) -> None:
    from asara_cli.cli.session import Session

    session = Session(game)
    started = time.perf_counter()
    assert session.line(HUGE) == 2
    assert time.perf_counter() - started < AT_ONCE


def test_tab_on_an_over_long_line_offers_nothing_at_once(game: Path) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from asara_cli.cli.session import Session
    from asara_cli.cli.table import TableCompleter

    completer = TableCompleter(Session(game))
    started = time.perf_counter()
    assert list(completer.get_completions(Document(HUGE), CompleteEvent())) == []
    assert time.perf_counter() - started < AT_ONCE
    # a line of a move's length still completes
    assert list(completer.get_completions(Document("buy ba"), CompleteEvent()))


@pytest.mark.parametrize("args", [
    ["buy", "x" * (LONGEST + 1)],
    ["x" * 130_000],  # no command: its closest word was looked for in every language
    ["status", "--at", "1" * 100_000],
])
def test_an_over_long_word_of_a_command_line_is_refused_at_once(
        args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    started = time.perf_counter()
    assert run(args) == 2
    assert time.perf_counter() - started < AT_ONCE
    said = " ".join(capsys.readouterr().err.split())
    assert said == (f"error: an argument longer than {LONGEST} characters: no command takes "
                    "one; nothing was done")


@pytest.fixture
def table(game: Path, tmp_path: Path) -> Iterator[pexpect.spawn]:
    with session(tmp_path, "play", "g.toml") as child:
        yield child


@pytest.mark.parametrize("bracketed", [True, False])
def test_an_over_long_paste_is_left_out_in_one_line(table: pexpect.spawn,
                                                    bracketed: bool) -> None:
    # marked as a paste by the terminal, or not (then read as a run of characters: before,
    # inserted, drawn and kept for undo one by one, 2 GB in a minute for 200,000)
    prompt(table, "Tina")
    table.send("buy ")
    pasted = "x" * 100_000
    table.send(f"\x1b[200~{pasted}\x1b[201~" if bracketed else pasted)
    table.expect(r"error: a line longer than \d+ characters: no move is that long;")
    table.expect(r"left\s+out")
    table.expect("Tina>")
    if bracketed:
        table.send("base black -c blue\r")  # the line typed before the paste is kept
        table.expect("Tina buys a black base for 6")
        prompt(table, "Paul")
        table.sendline("quit")
    else:  # characters that come at once, as pexpect sends them, are read as the paste's
        table.send("\x04")  # a key of its own: Ctrl-D leaves
    table.expect(pexpect.EOF)
    assert "xxxxxxxxxx" not in (table.before or "") and "left out" not in (table.before or "")
