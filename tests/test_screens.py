"""Every screen a table sees, at 80 columns: no line is wider, and each matches its snapshot
in tests/snapshots/ (read by eye when it changes: ASARA_UPDATE_SNAPSHOTS=1 rewrites them).

The game is the three-player sample: its prefix is written directly, and only the move under
test is typed through the CLI."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asara_cli.cli import app
from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.rules.events import Turn
from asara_cli.logfile.game import load_log_board, read_log, write_log

sys.path.insert(0, str(Path(__file__).resolve().parent))
from languages import screen_matches
from test_cli_record import command

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_games" / "three-player-basic.toml"
SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
WIDTH = 80
runner = CliRunner()
LOG = read_log(SAMPLE)
RESULT = replay(load_log_board(LOG), LOG.header.setup, LOG.events)


def _year_end(year: int) -> int:
    """The number of the event that ends ``year``."""
    return next(i for i, s in enumerate(RESULT.states) if s.year > year)


def _game(tmp: Path, events: int) -> list[str]:
    write_log(tmp / "game.toml", LOG.header, LOG.events[:events])
    return ["-l", "game.toml"]


def _copy(tmp: Path, *parts: str) -> str:
    """A sample copied into the working folder, so screens name it the same everywhere."""
    source = ROOT.joinpath("sample_games", *parts)
    (tmp / source.name).write_bytes(source.read_bytes())
    return source.name


def _typed(tmp: Path, number: int) -> list[str]:
    """Event ``number`` typed as a player would, onto the prefix before it."""
    return [*command(LOG.events[number - 1]), *_game(tmp, number - 1)]


def _gifts_game(tmp: Path) -> list[str]:
    """A new 3-player pro game with both expansions, its first deal not recorded yet."""
    from asara_cli.games.asara.rules.model import Variant
    from asara_cli.games.asara.rules.state import Setup
    from asara_cli.logfile.game import LogHeader

    setup = Setup(("Anna", "Ben", "Cleo"), 0, Variant.PRO, ("gifts", "genie"))
    write_log(tmp / "game.toml", LogHeader(setup, movers="named"), ())
    return ["-l", "game.toml"]


FINAL_TURN = max(i for i, e in enumerate(LOG.events, start=1) if isinstance(e, Turn))

#: (snapshot name, the arguments given the temporary folder, the exit code)
SCREENS: list[tuple[str, Callable[[Path], list[str]], int]] = [
    ("new", lambda t: ["new", "new.toml", "-p", "Anna", "-p", "Ben", "-p", "Cleo",
                       "--date", "2026-03-14", "--no-use"], 0),
    ("move-buy", lambda t: _typed(t, 2), 0),
    ("move-build", lambda t: _typed(t, 10), 0),
    ("year-end", lambda t: _typed(t, _year_end(1)), 0),
    ("final", lambda t: _typed(t, FINAL_TURN), 0),
    ("refused", lambda t: ["buy", "window", "white", "-c", "blue", "-p", "Ben",
                           *_game(t, 3)], 1),
    ("dry-run", lambda t: ["check", *_typed(t, 2)], 0),
    ("undo", lambda t: ["undo", *_game(t, 5)], 0),
    ("status", lambda t: ["status", _copy(t, SAMPLE.name), "--at", "50"], 0),
    ("status-final", lambda t: ["status", _copy(t, SAMPLE.name)], 0),
    ("status-full", lambda t: ["status", _copy(t, SAMPLE.name), "--at", "50", "--full"], 0),
    ("score", lambda t: ["score", _copy(t, SAMPLE.name)], 0),
    ("score-chart", lambda t: ["score", _copy(t, SAMPLE.name), "--chart"], 0),
    ("validate", lambda t: ["validate", _copy(t, SAMPLE.name)], 0),
    ("validate-invalid", lambda t: ["validate", _copy(t, "invalid", "follow-suit.toml")], 1),
    # every kind of message a person reads, each wrapped by the one console (issue 21)
    ("new-expansions", lambda t: ["new", "new.toml", "-p", "Anna", "-p", "Ben", "-p",
                                  "Cleo", "--pro", "--gifts", "--genie", "--name-movers",
                                  "--no-use"], 0),
    ("error", lambda t: ["buy", "window", "black", "-c", "gren", "-p", "Ben",
                         *_game(t, 1)], 2),
    ("warning", lambda t: ["buy", "base", "-c", "blue", "-s", "2", *_game(t, 1)], 0),
    ("refused-deal", lambda t: ["buy", "base", "red", "-c", "blue", "-s", "2", "-p", "Anna",
                                *_gifts_game(t)], 1),
    ("refused-mover", lambda t: ["coloured", *_gifts_game(t)], 2),
    ("validate-notes", lambda t: ["validate", "--notes", _copy(t, SAMPLE.name)], 0),
    ("tally", lambda t: ["tally", _copy(t, "rulebook-example.sheet.toml")], 0),
]


@pytest.mark.parametrize("name, make, code", SCREENS, ids=[s[0] for s in SCREENS])
def test_screen_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str,
                              make: Callable[[Path], list[str]], code: int) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    args = make(tmp_path)
    result = runner.invoke(app, args, env={"COLUMNS": str(WIDTH)})
    assert result.exit_code == code, result.output
    screen_matches(result.output, SNAPSHOTS / f"{name}.txt")
