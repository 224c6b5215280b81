"""The proof that a game plugs in through the registry and the contract alone: PEBBLES
(tests/toygame/), a game asara-cli's package knows nothing of, played through the real
``asara`` command: ``new``, recording, ``validate``, ``score``, ``batch``, ``report`` and
``simulate``. The command finds it as any run does, by ``$ASARA_GAMES`` and the import path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from wrapped import unwrap

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "asara_cli"
SAMPLE = TESTS / "toygame" / "samples" / "pebbles-2p.toml"


def asara(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ASARA_GAMES": "pebbles=toygame", "COLUMNS": "80", "LINES": "40",
           "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])}
    env.pop("ASARA_LOG", None)
    return subprocess.run([sys.executable, "-m", "asara_cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_table_records_and_scores_a_game_of_the_toy_game(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    made = asara("new", "g.toml", "--game", "pebbles", "-p", "Ann", "-p", "Ben", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("new PEBBLES game in g.toml: Ann, Ben")
    # the hand-checked game of the sample (its comment works out the totals), move by move
    movers = ("Ann", "Ben", "Ann", "Ben", "Ben", "Ann", "Ben", "Ann")
    for n, (mover, well) in enumerate(zip(movers, (8, 7, 5, 6, 8, 7, 3, 1), strict=True), 1):
        moved = asara("place", str(well), cwd=tmp_path)
        assert moved.returncode == 0, moved.stderr
        # the words became the event, and the event its move line
        assert moved.stdout.startswith(f"{n}. {mover} places a pebble in well {well}")
    refused = asara("place", "1", cwd=tmp_path)  # the game is over (P1)
    assert refused.returncode == 1
    assert "the game is over [P1]" in refused.stderr
    checked = asara("validate", "g.toml", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert "8 events, complete; Ben wins" in checked.stdout
    score = json.loads(asara("score", "g.toml", "--json", cwd=tmp_path).stdout)
    assert [(p["name"], p["total"], p["sources"]) for p in score["players"]] == [
        ("Ann", 16, {"wells": 13, "bonus": 3}), ("Ben", 17, {"wells": 14, "bonus": 3})]
    from asara_cli.logfile.game import parse_log

    monkeypatch.setenv("ASARA_GAMES", "pebbles=toygame")
    assert parse_log((tmp_path / "g.toml").read_text("utf-8")).events == parse_log(
        SAMPLE.read_text("utf-8")).events


def test_a_move_out_of_the_rules_is_refused_and_nothing_written(tmp_path: Path) -> None:
    asara("new", "g.toml", "--game", "pebbles", "-p", "Ann", "-p", "Ben", cwd=tmp_path)
    assert asara("place", "8", cwd=tmp_path).returncode == 0
    before = (tmp_path / "g.toml").read_text("utf-8")
    refused = asara("place", "8", cwd=tmp_path)
    assert refused.returncode == 1
    assert "Ben places a pebble in well 8" in refused.stderr
    assert "well 8 already holds a pebble this round [P3]" in refused.stderr
    assert "nothing was written; it is still Ben's turn" in unwrap(refused.stderr)
    assert (tmp_path / "g.toml").read_text("utf-8") == before
    # a check only: the same words, the move line unnumbered, nothing written
    checked = asara("check", "place", "7", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout == "legal, not recorded: Ben places a pebble in well 7. Round 1, " \
                             "Ann to move.\n"
    assert (tmp_path / "g.toml").read_text("utf-8") == before


def test_the_broken_sample_is_a_rule_violation(tmp_path: Path) -> None:
    broken = TESTS / "toygame" / "samples" / "invalid" / "well-taken.toml"
    said = asara("validate", str(broken), cwd=tmp_path)
    assert said.returncode == 1
    assert "event 2 (Ben, place): well 8 already holds a pebble this round [P3]" in unwrap(
        said.stderr)


def test_simulated_games_go_through_batch_and_report(tmp_path: Path) -> None:
    made = asara("simulate", "--game", "pebbles", "-n", "4", "--seed", "3", "-o", "sims",
                 cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    logs = sorted((tmp_path / "sims").glob("*.toml"))
    assert len(logs) == 4
    checked = asara("validate", *map(str, logs), cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.count("complete;") == 4
    table = asara("batch", "sims", "--format", "json", cwd=tmp_path)
    assert table.returncode == 0, table.stderr
    games = json.loads(table.stdout)["games"]
    assert len(games) == 4 and all(g["status"] == "valid" for g in games)
    # each total is its sources' sum, as the CSV columns of the toy game's sources show
    csv = asara("batch", "sims", "--format", "csv", cwd=tmp_path).stdout.splitlines()
    head = csv[0].lstrip("\ufeff").split(",")
    assert {"wells", "bonus"} <= set(head)
    for row in csv[1:]:
        cells = dict(zip(head, row.split(","), strict=True))
        assert int(cells["total"]) == int(cells["wells"]) + int(cells["bonus"] or 0)
    page = asara("report", "sims", "-o", "club.html", cwd=tmp_path)
    assert page.returncode == 0, page.stderr
    html = (tmp_path / "club.html").read_text("utf-8")
    assert "round bonus" in html


@pytest.mark.parametrize("word", ["pebbles", "toygame"])
def test_no_generic_file_names_the_toy_game(word: str) -> None:
    """The toy game lives in the tests alone: asara-cli's package never names it."""
    named = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
             if word in p.read_text("utf-8").casefold()]
    assert named == [], named


def test_a_registration_that_is_no_game_is_unusable_input(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    from asara_cli.errors import InputError
    from asara_cli.games import ENV_GAMES, game, registered

    for value in ("pebbles", "Pebbles=toygame", "pebbles=", "=toygame"):
        monkeypatch.setenv(ENV_GAMES, value)
        with pytest.raises(InputError, match=f"'{value}' is not key=module, the key in "
                                             "lower case"):
            registered()
    monkeypatch.setenv(ENV_GAMES, "pebbles=toygame.rules")
    with pytest.raises(InputError, match=r"'toygame\.rules' has no GAME for the game 'pebbles'"):
        game("pebbles")
    monkeypatch.setenv(ENV_GAMES, "dice=no_such_module_of_games")
    with pytest.raises(InputError, match=r"the game 'dice' is in 'no_such_module_of_games', "
                                         r"which does not import"):
        game("dice")
    # a game of the package keeps its key: a registration cannot take it over
    monkeypatch.setenv(ENV_GAMES, "asara=toygame")
    assert registered()["asara"] == "asara_cli.games.asara"
    # through the command: one line, exit 2 (unusable input), no traceback
    env = {**os.environ, ENV_GAMES: "pebbles=no_such_module_of_games", "COLUMNS": "80"}
    said = subprocess.run([sys.executable, "-m", "asara_cli", "validate", str(SAMPLE)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert said.returncode == 2
    assert "Traceback" not in said.stderr
    assert unwrap(said.stderr) == (
        "error: $ASARA_GAMES: the game 'pebbles' is in 'no_such_module_of_games', which does "
        "not import (No module named 'no_such_module_of_games')\n")
