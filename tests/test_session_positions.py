"""The session keeps the positions it passed through (issue 36 point 13): ``undo`` steps back
to the position before the last event and ``redo`` checks the event brought back against the
position kept, neither replaying the log; a log changed on disk is read again first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from terminal import asara as _asara

from asara_cli.cli.session import Session
from asara_cli.cli.transaction import load
from asara_cli.logfile.game import read_log

MOVES = ("buy base black -c blue", "buy base green --pair", "coloured")


@pytest.fixture
def log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    made = _asara(tmp_path, "new", "g.toml", "-p", "Tina", "-p", "Paul", "-p", "Ann")
    assert made.returncode == 0, made.stderr
    monkeypatch.chdir(tmp_path)
    yield tmp_path / "g.toml"


def _replays(session: Session, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the game's replays from here on."""
    counted: list[int] = []
    kind: Any = type(session.game)
    replay = kind.replay

    def counting(self: Any, *args: Any, **kwargs: Any) -> Any:
        counted.append(1)
        return replay(self, *args, **kwargs)

    monkeypatch.setattr(kind, "replay", counting)
    return counted


def _same_as_read(session: Session) -> None:
    """The position kept is the one the log on disk replays to."""
    assert session.position is not None
    fresh = load(session.game, session.path)
    assert session.position.state == fresh.state
    assert session.position.log.events == fresh.log.events
    assert session.position.text == session.path.read_text("utf-8")


def test_undo_and_redo_step_through_the_kept_positions_without_a_replay(
        log: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    session = Session(log)
    texts = [log.read_text("utf-8")]
    for move in MOVES:
        assert session.line(move) == 0
        texts.append(log.read_text("utf-8"))
    replays = _replays(session, monkeypatch)
    capsys.readouterr()
    for back in (2, 1, 0):
        assert session.line("undo") == 0
        assert log.read_text("utf-8") == texts[back]  # the event's text cut, the rest kept
        _same_as_read(session)
        replays.clear()  # the check above replays
    said = " ".join(capsys.readouterr().out.split())
    # the last undo: Tina's move, and Tina to move again
    assert "undone: Tina buys a black base for 6 (a blue buyer); event #1. Tina to move" in said
    for ahead in (1, 2):
        assert session.line("redo") == 0
        assert replays == []
        assert log.read_text("utf-8") == texts[ahead]
        _same_as_read(session)
        replays.clear()
    assert "redone: Paul buys a green base for 4 (a pair); event #2" in " ".join(
        capsys.readouterr().out.split())
    # and a move after them is recorded on the position kept
    assert session.line(MOVES[2]) == 0
    assert log.read_text("utf-8") == texts[3]
    _same_as_read(session)


def test_an_undo_on_a_log_changed_on_disk_reads_it_again(
        log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = Session(log)
    assert session.line(MOVES[0]) == 0
    other = _asara(log.parent, *MOVES[1].split(), "--log", "g.toml")
    assert other.returncode == 0, other.stderr
    assert session.line("undo") == 0  # the move from the other terminal is taken back
    assert "undone: Paul buys a green base" in " ".join(capsys.readouterr().out.split())
    assert len(read_log(log).events) == 1
    _same_as_read(session)
    assert session.line("undo") == 0  # read again: nothing kept, the log replayed
    assert read_log(log).events == ()
    _same_as_read(session)
    assert session.line("redo") == 0
    assert session.line("redo") == 0
    assert len(read_log(log).events) == 2
    _same_as_read(session)
