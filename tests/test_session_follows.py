"""The prompt follows the log (issue 36 point 2): a move recorded from another terminal is
noticed while the session waits (the prompt and its bottom toolbar drawn again, with a
one-line notice), and a line typed for a player whose turn passed meanwhile is carried out
for the player to move now only when confirmed. Through a real terminal (pexpect, 80x40);
every wait is on what the session prints."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from terminal import asara as _asara
from terminal import prompt as _prompt
from terminal import session

from asara_cli.logfile.game import read_log


@pytest.fixture
def table(tmp_path: Path) -> Iterator[pexpect.spawn]:
    made = _asara(tmp_path, "new", "g.toml", "-p", "Tina", "-p", "Paul", "-p", "Ann")
    assert made.returncode == 0, made.stderr
    with session(tmp_path, "play", "g.toml") as child:
        yield child


def _elsewhere(tmp_path: Path, move: str) -> None:
    """``move`` recorded by a one-shot command, as from another terminal."""
    done = _asara(tmp_path, *move.split(), "--log", "g.toml")
    assert done.returncode == 0, done.stderr


def _movers(tmp_path: Path) -> list[str | None]:
    return [e.player for e in read_log(tmp_path / "g.toml").events]


def test_the_waiting_prompt_names_the_player_to_move_after_a_move_elsewhere(
        table: pexpect.spawn, tmp_path: Path) -> None:
    _prompt(table, "Tina")
    _elsewhere(tmp_path, "buy base black -c blue")
    # nothing typed: the session notices, says so in one line, and draws the prompt again
    table.expect("g.toml changed on disk; read again: event 1; Paul to move")
    _prompt(table, "Paul")
    table.expect(r"Paul to move: 21 Asari")  # the bottom toolbar, drawn again
    table.sendline("buy base green --pair")  # typed for Paul: no question
    table.expect("Paul buys a green base for 4")
    _prompt(table, "Ann")
    assert _movers(tmp_path) == ["Tina", "Paul"]


@pytest.mark.parametrize(("answer", "movers"), [
    ("", ["Tina", "Paul", "Ann"]),  # Enter: carried out for Ann
    ("\x03", ["Tina", "Paul"]),  # Ctrl-C: dropped, nothing written
    ("no", ["Tina", "Paul"]),  # anything else: dropped too
])
def test_a_line_typed_for_a_player_whose_turn_passed_is_confirmed_first(
        table: pexpect.spawn, tmp_path: Path, answer: str, movers: list[str]) -> None:
    _prompt(table, "Tina")
    table.sendline("buy base black -c blue")
    _prompt(table, "Paul")
    table.send("coloured")  # Paul's move, being typed
    table.expect("coloured")
    _elsewhere(tmp_path, "buy base green --pair")  # Paul moved at another terminal
    table.expect("changed on disk; read again: event 2; Ann to move")
    _prompt(table, "Ann")
    table.send("\r")
    table.expect(r"the log changed while you typed: Ann is to move now, not Paul\. Enter")
    table.expect(r"`coloured` for Ann; Ctrl-C drops it")
    table.send(answer if answer == "\x03" else answer + "\r")
    if movers[-1] == "Ann":
        table.expect("Ann takes 5 at the coloured building; event #3")
        _prompt(table, "Tina")
    else:
        table.expect("dropped: coloured; nothing was written")
        _prompt(table, "Ann")
    assert _movers(tmp_path) == movers
    table.sendline("quit")
    table.expect(pexpect.EOF)


def test_a_line_that_only_shows_is_not_questioned(table: pexpect.spawn,
                                                 tmp_path: Path) -> None:
    _prompt(table, "Tina")
    table.send("history")
    table.expect("history")
    _elsewhere(tmp_path, "buy base black -c blue")
    table.expect("changed on disk; read again: event 1; Paul to move")
    _prompt(table, "Paul")
    table.send("\r")
    table.expect("#1 Tina buys a black base")
    _prompt(table, "Paul")
