"""Long screens keep their top (issue 36 point 1): in the session at a terminal, what a line
prints that is taller than the terminal goes through a pager ($PAGER, else ``less -FRX``,
else the session's own "more" prompt); what fits is printed as it is. Through a real
terminal (pexpect, 80x40); every wait is on what the session prints."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from terminal import asara as _asara
from terminal import env as _env
from terminal import prompt as _prompt

from asara_cli.cli import table

#: A pager that says how many lines it was given, and the first one with words (its
#: colours left out).
COUNTING = ("import re, sys; "
            "lines = re.sub(r'\\x1b\\[[0-9;]*m', '', sys.stdin.read()).splitlines(); "
            "first = next(l for l in lines if l.strip()); "
            "print('paged', len(lines), 'lines, from:', ' '.join(first.split()))")


#: Spaces and colours between two words.
COLOUR = r"(?:\x1b\[[0-9;]*m| )+"


@pytest.fixture
def log(tmp_path: Path) -> Path:
    made = _asara(tmp_path, "new", "g.toml", "-p", "Tina", "-p", "Paul", "-p", "Ann")
    assert made.returncode == 0, made.stderr
    return tmp_path / "g.toml"


def _spawn(tmp_path: Path, env: dict[str, str], *lang: str) -> Iterator[pexpect.spawn]:
    child = pexpect.spawn(sys.executable, ["-m", "asara_cli", *lang, "play", "g.toml"],
                          cwd=str(tmp_path), env=env, dimensions=(40, 80), encoding="utf-8",
                          timeout=60)
    try:
        yield child
    finally:
        child.terminate(force=True)


def test_a_screen_taller_than_the_terminal_goes_through_pager(log: Path,
                                                              tmp_path: Path) -> None:
    env = _env(tmp_path)
    env["PAGER"] = f"{shlex.quote(sys.executable)} -c {shlex.quote(COUNTING)}"
    for child in _spawn(tmp_path, env):
        _prompt(child, "Tina")
        child.sendline("help buy")  # the options of `buy`: more than 38 lines
        child.expect(r"paged (\d+) lines, from: Usage: buy")
        assert int(child.match.group(1)) > 38
        _prompt(child, "Tina")
        child.sendline("history")  # a line: printed as it is, not paged
        child.expect("no event yet")
        _prompt(child, "Tina")
        assert "paged" not in (child.before or "")
        child.sendline("quit")
        child.expect(pexpect.EOF)


@pytest.mark.parametrize(("lang", "command", "more", "stop"), [
    ((), "help buy", r"-- more \(38 of \d+ lines; Enter: the next page, q: stop\) --", "q"),
    (("--lang", "de"), "hilfe kaufen",
     r"-- weiter \(38 von \d+ Zeilen; Eingabe: nächste Seite, q: aufhören\) --", "q"),
])
def test_without_a_pager_the_session_shows_a_page_at_a_time(
        log: Path, tmp_path: Path, lang: tuple[str, ...], command: str, more: str,
        stop: str) -> None:
    env = _env(tmp_path)
    del env["PAGER"]
    (tmp_path / "bin").mkdir()
    env["PATH"] = str(tmp_path / "bin")  # no less
    for child in _spawn(tmp_path, env, *lang):
        _prompt(child, "Tina")
        child.sendline(command)
        child.expect(rf"(Usage|Aufruf):{COLOUR}(buy|kaufen)")  # the top, on the first page
        child.expect(more)
        child.sendline("")  # the next page: the rest, and the prompt again
        child.expect(rf"Show{COLOUR}this{COLOUR}message|Diese{COLOUR}Hilfe{COLOUR}zeigen")
        _prompt(child, "Tina")
        child.sendline(command)
        child.expect(more)
        child.sendline(stop)  # stopped: the prompt at once
        _prompt(child, "Tina")
        child.sendline("quit" if not lang else "ende")
        child.expect(pexpect.EOF)


def test_the_pager_is_pager_else_less_else_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAGER", "most -s 'a b'")
    assert table.pager() == ["most", "-s", "a b"]  # its words, no shell
    monkeypatch.setenv("PAGER", " ")
    monkeypatch.setattr("shutil.which",
                        lambda name: "/usr/bin/less" if name == "less" else None)
    assert table.pager() == ["/usr/bin/less", "-FRX"]
    monkeypatch.delenv("PAGER")
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert table.pager() is None


@pytest.mark.parametrize(("text", "columns", "rows"), [
    ("", 80, 0),
    ("a\nb\n", 80, 2),
    ("x" * 80 + "\n", 80, 1),
    ("x" * 81 + "\n", 80, 2),
    ("\x1b[1m" + "x" * 80 + "\x1b[0m\n\n", 80, 2),  # colours take no room
    ("ä" * 40 + "\nlast without an end", 20, 3),
])
def test_the_height_of_a_screen(text: str, columns: int, rows: int) -> None:
    assert table.height(text, columns) == rows


def test_a_one_shot_command_prints_plainly_when_not_at_a_terminal(log: Path,
                                                                   tmp_path: Path) -> None:
    env_pager = _env(tmp_path)
    assert env_pager["PAGER"] == "cat"
    ran = _asara(tmp_path, "status", "--full", "g.toml")
    assert ran.returncode == 0, ran.stderr
    assert len(ran.stdout.splitlines()) > 38  # taller than the terminal, and all of it here
