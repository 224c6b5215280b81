"""What a new user met at the table (issue 29's "done when" trial, at 80x40), each fixed in
the session and held here: a word that is no command is said in one sentence, `help`
shows a move the player could type now even when the move due is a fact (a roll), and a
session opened at a terminal says where the log stands."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect
from terminal import CURSOR_ASKED, CURSOR_SAID
from terminal import asara as _asara
from terminal import env as _env


def _yspahan(tmp_path: Path) -> None:
    made = _asara(tmp_path, "new", "y.toml", "--game", "yspahan", "-p", "Dia", "-p", "Ben",
                  "-p", "Cid", "--no-use")
    assert made.returncode == 0, made.stderr


def test_a_word_that_is_no_command_is_one_sentence(tmp_path: Path) -> None:
    _yspahan(tmp_path)
    ran = _asara(tmp_path, "play", "y.toml", stdin="clear\n")
    assert ran.returncode == 2
    said = " ".join(ran.stderr.split())
    assert "error: No such command 'clear'; nothing was done" in said, said


def test_help_shows_the_command_of_the_fact_due_when_no_move_is_listed(tmp_path: Path
                                                                       ) -> None:
    """Before the day's roll no move is listed: the example is the roll, not the first
    move command in the alphabet (`camels ...`, which would be refused)."""
    _yspahan(tmp_path)
    ran = _asara(tmp_path, "play", "y.toml", stdin="help\n")
    assert ran.returncode == 0, ran.stderr
    said = " ".join(ran.stdout.split())
    assert "without `asara`, e.g. `roll ...`" in said, said
    assert "`camels ...`" not in said


def test_a_session_at_a_terminal_says_where_the_log_stands(tmp_path: Path) -> None:
    _yspahan(tmp_path)
    moved = _asara(tmp_path, "roll", "113355666", "--log", "y.toml")
    assert moved.returncode == 0, moved.stderr
    child = pexpect.spawn(sys.executable, ["-m", "asara_cli", "play", "y.toml"],
                          cwd=str(tmp_path), env=_env(tmp_path), dimensions=(40, 80),
                          encoding="utf-8", timeout=60)
    try:
        child.expect(r"y\.toml: event 1; Dia to move; `help` lists what can be typed")
        child.expect(CURSOR_ASKED)
        child.send(CURSOR_SAID)
        child.expect("Dia>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
