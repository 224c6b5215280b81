"""The history of the lines typed at a table (issue 36): one file per log in the user's state
folder, private, and a file of ours: whatever is planted at its place (a link, a FIFO, a
device, a folder, a file of other names) is not followed, read or written; one line says so
and the session goes on without a history. Its size is bounded."""

from __future__ import annotations

import os
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.history import History, InMemoryHistory
from terminal import Terminal, asara, env, prompt
from wrapped import unwrap

from asara_cli.cli.history import KEPT, LogHistory, history_file, open_history
from asara_cli.cli.lines import LONGEST

ROOT = os.geteuid() == 0


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(folder))
    return folder


def _kept(history: History) -> list[str]:
    """The lines a history gives the line editor, oldest first."""
    return list(history.load_history_strings())[::-1]


def test_each_log_has_its_own_private_history(tmp_path: Path, state: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    first, other = tmp_path / "first.toml", tmp_path / "other.toml"
    open_history(first).append_string("buy base black -c blue")
    open_history(other).append_string("roll 1 1 3 3 5 5 6 6 6")
    assert _kept(open_history(first)) == ["buy base black -c blue"]
    assert _kept(open_history(other)) == ["roll 1 1 3 3 5 5 6 6 6"]
    # the same log by another name (relative, through a link) is the same history
    (tmp_path / "link.toml").symlink_to(first)
    monkeypatch.chdir(tmp_path)
    assert history_file(Path("first.toml")) == history_file(tmp_path / "link.toml") \
        == history_file(first)
    # in the user's state folder, readable by its owner only
    path = history_file(first)
    assert path.parent == state / "asara-cli" / "histories"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.parent.parent.stat().st_mode) == 0o700
    assert capsys.readouterr().err == ""


def test_the_one_history_file_of_earlier_versions_is_left_alone(
        tmp_path: Path, state: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # earlier versions kept every log's lines in one file, asara-cli/history: an upgraded
    # user's state folder holds it, and it neither blocks nor feeds a log's history
    old = state / "asara-cli" / "history"
    old.parent.mkdir(parents=True)
    old.write_text("\n# 2026-11-26\n+würfeln 1 2 3\n")
    log = tmp_path / "g.toml"
    open_history(log).append_string("status")
    assert _kept(open_history(log)) == ["status"]
    assert old.read_text() == "\n# 2026-11-26\n+würfeln 1 2 3\n"
    assert capsys.readouterr().err == ""


def test_a_history_made_readable_by_others_is_made_private(
        tmp_path: Path, state: Path) -> None:
    log = tmp_path / "g.toml"
    open_history(log)
    os.chmod(history_file(log), 0o644)
    open_history(log).append_string("status")
    assert stat.S_IMODE(history_file(log).stat().st_mode) == 0o600


def _link(target: Path) -> Callable[[Path, Path], None]:
    return lambda place, tmp: place.symlink_to(target if target.is_absolute() else tmp / target)


#: What may be planted at the history's place, and how.
PLANTED: dict[str, Callable[[Path, Path], None]] = {
    "a link to another log": _link(Path("target.toml")),
    "a dangling link": _link(Path("nowhere.toml")),
    "a link to /dev/zero": _link(Path("/dev/zero")),
    "a FIFO": lambda place, tmp: os.mkfifo(place),
    "a folder": lambda place, tmp: place.mkdir(),
    "a hard link": lambda place, tmp: os.link(tmp / "target.toml", place),
}


@pytest.mark.parametrize("planted", PLANTED)
def test_what_is_planted_at_its_place_is_left_alone(
        planted: str, tmp_path: Path, state: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.toml"
    place = history_file(log)
    place.parent.mkdir(parents=True)
    target = tmp_path / "target.toml"
    target.write_text("# another log\n", "utf-8")
    PLANTED[planted](place, tmp_path)
    before = os.lstat(place)
    started = time.perf_counter()
    history = open_history(log)
    assert time.perf_counter() - started < 2  # no wait on a FIFO, no read of /dev/zero
    history.append_string("buy base black -c blue")
    assert isinstance(history, InMemoryHistory)
    said = unwrap(capsys.readouterr().err)
    assert said.count("\n") == 1 and said.startswith(
        f"note: the lines typed are not kept in this session: {place}: "), said
    # nothing followed, made or written
    assert target.read_text("utf-8") == "# another log\n"
    assert not (tmp_path / "nowhere.toml").exists()
    assert os.lstat(place).st_mode == before.st_mode


def test_a_link_at_the_place_of_the_folder_is_not_followed(
        tmp_path: Path, state: Path, capsys: pytest.CaptureFixture[str]) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (state / "asara-cli").mkdir(parents=True)
    (state / "asara-cli" / "histories").symlink_to(elsewhere)
    assert isinstance(open_history(tmp_path / "g.toml"), InMemoryHistory)
    assert unwrap(capsys.readouterr().err) == (
        f"note: the lines typed are not kept in this session: {state}/asara-cli/histories: a "
        "symbolic link is at its place\n")
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("mode", [0o000, 0o400])
def test_an_unreadable_or_read_only_history_is_one_line(
        mode: int, tmp_path: Path, state: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.toml"
    open_history(log).append_string("status")
    os.chmod(history_file(log), mode)
    history = open_history(log)
    said = unwrap(capsys.readouterr().err)
    if ROOT:  # root reads and writes whatever the mode: the history is kept
        assert isinstance(history, LogHistory) and said == ""
    else:
        assert isinstance(history, InMemoryHistory)
        assert said == (f"note: the lines typed are not kept in this session: "
                        f"{history_file(log)}: permission denied\n")


def test_the_history_read_is_bounded(tmp_path: Path, state: Path) -> None:
    log = tmp_path / "g.toml"
    open_history(log)
    lines = [f"buy base black -c blue {n}" for n in range(200_000)]  # about 6 MB
    history_file(log).write_text("".join(f"\n+{line}\n" for line in lines), "utf-8")
    started = time.perf_counter()
    kept = _kept(open_history(log))
    assert time.perf_counter() - started < 2
    # the newest lines, each whole, and the file cut to them
    assert kept == lines[-len(kept):] and KEPT // 40 < len(kept) < KEPT // 25
    assert history_file(log).stat().st_size <= KEPT


def test_a_line_longer_than_a_move_is_not_kept(tmp_path: Path, state: Path) -> None:
    log = tmp_path / "g.toml"
    history = open_history(log)
    history.append_string("x" * (LONGEST + 1))
    history.append_string("status")
    assert _kept(open_history(log)) == ["status"]


def test_a_fifo_at_its_place_leaves_the_session_going(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    made = asara(tmp_path, "new", "g.toml", "-p", "Tina", "-p", "Paul")
    assert made.returncode == 0, made.stderr
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # as terminal.env sets it
    place = history_file(tmp_path / "g.toml")
    place.parent.mkdir(parents=True)
    os.mkfifo(place)
    child = Terminal(sys.executable, ["-m", "asara_cli", "play", "g.toml"],
                     cwd=str(tmp_path), env=env(tmp_path), dimensions=(40, 80),
                     encoding="utf-8", timeout=60)
    try:
        child.expect("note: the lines typed are not kept in this session")
        child.expect("not a")
        child.expect("regular file")
        prompt(child, "Tina")  # before: the session hung here, before its first prompt
        child.sendline("buy base black -c blue")
        child.expect("event #1")
        prompt(child, "Paul")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert stat.S_ISFIFO(os.lstat(place).st_mode)
