"""The table session through a real pseudo-terminal (pexpect, 80x40), on a stretch of a real
game of each: the first year of a 4-player ASARA pro game with both expansions, the first
week of a 4-player Yspahan game (issue 29, point 10). The lines are those of a seeded
simulated game (``test_session_whole_game.typed_lines``); the log after each line is read
back, and holds the simulator's events.

``tests/test_play.py`` drives the session's parts one at a time (a refusal and its retry,
undo and redo, the log changed underneath and a killed session on a few ASARA moves, each
kind of question, Ctrl-C); here they happen in the middle of a Yspahan week, and every
line typed is waited for on the prompt of the player the referee says moves next. No
sleeps: each wait is on what the session prints."""

from __future__ import annotations

import shlex
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest
from terminal import asara, spawn
from terminal import prompt as _prompt
from test_session_whole_game import NAMES, cli, new_words, same, typed_lines

from asara_cli.logfile.game import GameLog, load_log_board, read_log


class Stretch:
    """A simulated game's lines, and who the referee says moves after each of its events."""

    def __init__(self, sim: GameLog) -> None:
        self.sim = sim
        self.lines, unsaid = typed_lines(sim, to_checkpoint=True)  # all a test types
        assert unsaid == []
        g = sim.header.rules
        self.board: Any = load_log_board(sim)
        rules = g.recording()
        state = rules.position(g.replay(self.board, sim.header.setup, ()))
        self.movers = [rules.to_move(state)]
        for event in sim.events:
            state = rules.after(rules.apply(self.board, state, event))
            self.movers.append(rules.to_move(state))

    def prompt(self, done: int) -> str:
        """The prompt's name once ``done`` events are in the log."""
        return self.movers[done] or "asara"

    def holds(self, log: Path, done: int) -> None:
        """The log holds the simulator's first ``done`` events (a build's tiles, the shops
        filled, in the order the words list them)."""
        events = read_log(log).events
        assert len(events) == done
        played = self.sim.events[:done]
        assert all(same(self.board, a, b) for a, b in zip(events, played, strict=True))


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    yield tmp_path


def _stretch(here: Path, options: list[str], seed: int, log: str) -> Stretch:
    made = cli("simulate", "--games", "1", "--seed", str(seed), "--names", NAMES,
               "--out", "sim", *options)
    assert made.exit_code == 0, made.output
    (simulated,) = sorted((here / "sim").glob("*.toml"))
    stretch = Stretch(read_log(simulated))
    assert cli(*new_words(stretch.sim, here / log)).exit_code == 0
    return stretch


def _type(child: pexpect.spawn, stretch: Stretch, log: Path, first: int, last: int) -> None:
    """Lines ``first`` to ``last`` (0-based, ``last`` excluded), each waited for."""
    for i in range(first, last):
        child.sendline(stretch.lines[i])
        _prompt(child, stretch.prompt(i + 1))
        stretch.holds(log, i + 1)  # written at once, before the next prompt


def test_the_first_year_of_an_asara_pro_game_with_both_expansions(here: Path) -> None:
    stretch = _stretch(here, ["--players", "4", "--pro", "--gifts", "--genie"], 3, "g.toml")
    year = next(i for i, line in enumerate(stretch.lines) if line.startswith("checkpoint"))
    assert year > 20  # a display, a deal and every buyer of four players
    child = spawn(here, "play", "g.toml")
    try:
        _prompt(child, stretch.prompt(0))
        child.expect("year 1")  # the bottom toolbar
        _type(child, stretch, here / "g.toml", 0, year - 1)
        # the year's last buyer placed: its end screen; then the table's checkpoint
        child.sendline(stretch.lines[year - 1])
        child.expect(r"End of year 1: evaluation \(R4\)")
        _prompt(child, stretch.prompt(year))
        child.sendline(stretch.lines[year])
        child.expect("agrees with the moves")
        _prompt(child, stretch.prompt(year + 1))
        stretch.holds(here / "g.toml", year + 1)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    assert child.exitstatus == 0
    assert cli("validate", "g.toml").exit_code == 0


@pytest.mark.slow  # a week typed, the session started twice: 6 s
def test_a_yspahan_week_with_a_refusal_undo_redo_a_change_underneath_and_a_kill(
        here: Path) -> None:
    stretch = _stretch(here, ["--game", "yspahan", "--players", "4"], 12, "y.toml")
    log = here / "y.toml"
    week = next(i for i, line in enumerate(stretch.lines) if line.startswith("checkpoint"))
    # a turn (not a roll) a few days in, for the refusal
    turn = next(i for i in range(8, week) if not stretch.lines[i].startswith("roll"))
    assert turn + 8 < week
    child = spawn(here, "play", "y.toml")
    try:
        _prompt(child, stretch.prompt(0))
        _type(child, stretch, log, 0, turn)

        # refused: another player's name on the mover's move; nothing written, then retried
        mover = stretch.prompt(turn)
        other = next(p for p in NAMES.split(",") if p != mover)
        before = log.read_bytes()
        child.sendline(f"{stretch.lines[turn]} --player {other}")
        child.expect("refused: ")
        child.expect(r"\[Y2\.1\]")
        _prompt(child, mover)
        assert log.read_bytes() == before
        _type(child, stretch, log, turn, turn + 1)

        # undo and redo
        child.sendline("undo")
        child.expect("undone: ")
        _prompt(child, mover)
        stretch.holds(log, turn)
        child.sendline("redo")
        child.expect("redone: ")
        _prompt(child, stretch.prompt(turn + 1))
        stretch.holds(log, turn + 1)

        # the next line recorded from another terminal: the session reads the log again
        # while it waits, names the player to move, and writes after it, never over it
        other_terminal = asara(here, *shlex.split(stretch.lines[turn + 1]), "--log", "y.toml")
        assert other_terminal.returncode == 0, other_terminal.stderr
        child.expect("changed on disk; read again")
        _prompt(child, stretch.prompt(turn + 2))
        child.sendline(stretch.lines[turn + 2])
        _prompt(child, stretch.prompt(turn + 3))
        stretch.holds(log, turn + 3)
        _type(child, stretch, log, turn + 3, turn + 6)

        # killed outright: nothing typed before is lost
        child.kill(signal.SIGKILL)
        child.expect(pexpect.EOF)
    finally:
        child.terminate(force=True)
    stretch.holds(log, turn + 6)
    again = spawn(here, "play", "y.toml")
    try:
        _prompt(again, stretch.prompt(turn + 6))
        _type(again, stretch, log, turn + 6, week + 1)  # to the week's checkpoint
        again.sendline("quit")
        again.expect(pexpect.EOF)
    finally:
        again.terminate(force=True)
    assert again.exitstatus == 0
    assert cli("validate", "y.toml").exit_code == 0
