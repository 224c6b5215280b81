"""The Yspahan samples through the real generic commands (``asara validate``, ``score``,
``status``: they reach the game through the registry), with the totals checked by hand in
the samples' comments; every invalid sample fails with its rule at its event; the screens
stay within 80 columns."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from asara_cli.cli import app
from asara_cli.games import find_game
from asara_cli.games.yspahan.screens import status_view, week_end_view
from asara_cli.games.yspahan.simulate import simulate_game
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import load_log_board, read_log

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES = ROOT / "sample_games" / "yspahan"
INVALID = sorted((SAMPLES / "invalid").glob("*.toml"))

runner = CliRunner()

#: The totals the samples' comments check by hand, and the winners.
HAND_CHECKED = {
    "yspahan-3p.toml": ({"Tina": 74, "Paul": 53}, ["Tina"]),
    "yspahan-4p.toml": ({"Ben": 57}, None),
}


def asara(*args: str) -> Result:
    return runner.invoke(app, list(args), env={"COLUMNS": "80"})


@pytest.mark.parametrize("name", sorted(HAND_CHECKED))
def test_a_sample_validates_and_scores_as_checked_by_hand(name: str) -> None:
    path = str(SAMPLES / name)
    result = asara("validate", path)
    assert result.exit_code == 0, result.output
    assert "complete;" in result.stdout
    data = json.loads(asara("score", "--json", path).stdout)
    assert data["complete"] is True and data["valid"] is True
    scores = {p["name"]: p["score"] for p in data["players"]}
    totals, winners = HAND_CHECKED[name]
    for player, total in totals.items():
        assert scores[player] == total
    if winners is not None:
        assert data["winners"] == winners
    for p in data["players"]:  # the ledger is the score
        assert sum(e["points"] for e in data["ledger"] if e["player"] == p["name"]) == p["score"]


def test_the_tina_caravan_arithmetic_of_the_3p_sample() -> None:
    """The full caravan at event 62, as the sample's comment works it out."""
    data = json.loads(asara("score", "--json", str(SAMPLES / "yspahan-3p.toml")).stdout)
    full = {e["player"]: e["points"] for e in data["ledger"]
            if e["source"] == "caravan_full"}
    assert full == {"Anna": 1, "Paul": 15, "Tina": 9}
    assert all(e["event"] == 62 for e in data["ledger"] if e["source"] == "caravan_full")


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_an_invalid_sample_fails_with_its_rule_at_its_event(path: Path) -> None:
    text = path.read_text("utf-8")
    rule = re.search(r"^# expect: (\S+)", text, re.M)
    event = re.search(r"^# expect-event: (\d+)", text, re.M)
    assert rule and event
    result = asara("validate", str(path))
    assert result.exit_code == 1
    assert f"[{rule.group(1)}]" in result.stderr and f"event {event.group(1)} " in result.stderr


def test_invalid_samples_cover_the_main_rules() -> None:
    rules = {re.search(r"^# expect: (\S+)", p.read_text("utf-8"), re.M).group(1)  # type: ignore[union-attr]
             for p in INVALID}
    assert len(INVALID) >= 12 and len(rules) >= 12
    assert {"Y2.1", "Y2.3", "Y3.4.2", "Y3.4.3", "Y3.5", "Y3.8", "Y5.2", "Y6.6"} <= rules


def test_status_score_and_chart_of_a_sample_within_80_columns() -> None:
    path = str(SAMPLES / "yspahan-4p.toml")
    for args in (["status", path], ["status", path, "--at", "50"], ["score", path],
                 ["score", path, "--chart"]):
        result = asara(*args)
        assert result.exit_code == 0, result.output
        assert max(len(line) for line in result.stdout.splitlines()) <= 80, args
    status = asara("status", path, "--at", "50").stdout
    assert "Tower:" in status and "Caravan" in status and "Supervisor on" in status
    data = json.loads(asara("status", "--json", path, "--at", "0").stdout)
    assert data["after_event"] == 0 and data["phase"] == "roll"
    assert [p["gold"] for p in data["players"]] == [2, 2, 2, 2]  # Y1 start


def test_every_status_of_a_game_fits_80_columns() -> None:
    board = load_board(None, "yspahan")
    sim = simulate_game(board, 3, 4)
    played = find_game("yspahan").replay(board, sim.setup, sim.events)
    console = Console(width=80, record=True, markup=False, highlight=False)
    for at in range(0, len(sim.events) + 1, 7):
        with console.capture() as cap:
            console.print(status_view(board, played.at(at), "after"))  # type: ignore[attr-defined]
        assert max(len(line) for line in cap.get().splitlines()) <= 80


def test_the_week_end_screen_names_each_award() -> None:
    log = read_log(SAMPLES / "yspahan-3p.toml")
    board = load_log_board(log)
    played = find_game("yspahan").replay(board, log.header.setup, log.events)
    before, after = played.at(56), played.at(57)  # type: ignore[attr-defined]
    console = Console(width=80, record=True, markup=False, highlight=False)
    with console.capture() as cap:
        console.print(week_end_view(board, before, after))
    text = cap.get()
    assert "End of week 2" in text
    assert "bag4 complete at the week end: 4 + 2 market = 6" in text
    assert "caravan at the week end: 5 cubes x 3" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_the_board_of_yspahan() -> None:
    result = asara("board", "--game", "yspahan", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert len(data["souks"]) == 14 and sum(s["shops"] for s in data["souks"]) == 47  # Y1.1
    shown = asara("board", "--game", "yspahan")
    assert shown.exit_code == 0 and "caravanserai" in shown.stdout
