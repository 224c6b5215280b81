"""`asara validate`, `status` and `score` through the real Typer app, on logs written by the
log layer from random legal games and on hand-made broken logs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from asara_cli.cli import app
from asara_cli.games.asara.rules.model import Variant
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, write_log

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_engine_props import play
from wrapped import messages, unwrap

runner = CliRunner()


def cli(*args: str) -> Result:
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A complete 3-player pro game from legal moves, start player Anna (seat 2)."""
    board = load_board()
    setup, events, _ = play(board, 11, 3, Variant.PRO, 2)
    path = tmp_path_factory.mktemp("logs") / "game.toml"
    write_log(path, LogHeader(setup), events)
    return path


def test_validate_accepts_a_legal_game(game_log: Path) -> None:
    result = cli("validate", str(game_log))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"ok: {game_log}:")
    assert "complete" in result.stdout
    data = json.loads(cli("validate", "--json", str(game_log)).stdout)
    assert data["valid"] is True
    [report] = data["logs"]
    assert report["valid"] and report["complete"] and report["violations"] == []


def test_score_totals_are_the_sum_of_the_ledger(game_log: Path) -> None:
    result = cli("score", "--json", str(game_log))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["complete"] is True
    for p in data["players"]:
        ledger = [e["points"] for e in data["ledger"] if e["player"] == p["name"]]
        assert p["total"] == sum(ledger)
        assert p["final_points"] == sum(a["points"] for a in p["awards"])
        assert p["total"] == p["prestige"] + p["final_points"]
        assert sum(p["years"]) == p["prestige"]
    best = max(p["total"] for p in data["players"])
    assert data["winners"] == [p["name"] for p in data["players"] if p["total"] == best]
    table = cli("score", str(game_log))
    assert table.exit_code == 0
    assert "ledger: every prestige point" in table.stdout
    assert "Winner" in table.stdout


def test_status_before_the_first_event(game_log: Path) -> None:
    # R1: the start player (Anna, seat 2) has 20, then clockwise Tina 21, Paul 22;
    # 3 players hold 8 buyers each in year 1.
    result = cli("status", "--json", "--at", "0", str(game_log))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["year"] == 1 and data["turn"] == "Anna" and data["caliph"] == "Anna"
    assert [(p["name"], p["money"], p["buyers"]) for p in data["players"]] == [
        ("Tina", 21, 8), ("Paul", 22, 8), ("Anna", 20, 8)]
    assert data["draw_pile"] == 45 - 3 * 8
    table = cli("status", "--at", "0", str(game_log))
    assert "Year 1 of 4" in table.stdout and "Anna to move" in table.stdout


def _broken(game_log: Path, tmp_path: Path, old: str, new: str) -> Path:
    text = game_log.read_text("utf-8")
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_wrong_player_is_refused_with_event_and_line(game_log: Path, tmp_path: Path) -> None:
    # The first event is Anna's (she starts); writing Tina there breaks turn order (R2).
    path = _broken(game_log, tmp_path, 'player = "Anna"', 'player = "Tina"')
    line = path.read_text("utf-8").splitlines().index("[[event]]") + 1
    result = cli("validate", str(path))
    assert result.exit_code == 1
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{path}:{line}: event 1 (Tina, ")
    assert "it is Anna's turn, not Tina's [R2]" in first
    assert "invalid:" in result.stdout
    data = json.loads(cli("validate", "--json", str(path)).stdout)
    v = data["logs"][0]["violations"][0]
    assert (v["event"], v["line"], v["rule"], v["later"]) == (1, line, "R2", False)
    # score and status still show the legal prefix, and exit 1
    score = cli("score", "--json", str(path))
    assert score.exit_code == 1
    assert json.loads(score.stdout)["complete"] is False
    assert cli("status", str(path)).exit_code == 1


def test_truncated_log_is_exit_2_with_a_line(game_log: Path, tmp_path: Path) -> None:
    text = game_log.read_text("utf-8")
    cut = text.index('type = "', len(text) // 2) + 8
    path = tmp_path / "truncated.toml"
    path.write_text(text[:cut], encoding="utf-8")
    result = cli("validate", str(path))
    assert result.exit_code == 2
    lines = messages(result.stderr.strip())
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}:")
    assert "Traceback" not in result.stderr


def test_a_sheet_is_not_a_log(tmp_path: Path) -> None:
    sheet = Path(__file__).resolve().parent.parent / "sample_games" / "rulebook-example.sheet.toml"
    result = cli("validate", str(sheet))
    assert result.exit_code == 2
    assert len(messages(result.stderr.strip())) == 1
    assert str(sheet) in result.stderr


def test_exit_code_is_the_worst_of_several_logs(game_log: Path, tmp_path: Path) -> None:
    bad = _broken(game_log, tmp_path, 'player = "Anna"', 'player = "Tina"')
    assert cli("validate", str(game_log), str(bad)).exit_code == 1
    missing = tmp_path / "missing.toml"
    result = cli("validate", str(game_log), str(bad), str(missing))
    assert result.exit_code == 2
    assert f"error: {missing}: no such file" in unwrap(result.stderr)
    data = json.loads(cli("validate", "--json", str(game_log), str(missing)).stdout)
    assert [("error" in r) for r in data["logs"]] == [False, True]


def test_status_at_each_point_and_missing_log(game_log: Path, tmp_path: Path) -> None:
    for n in (1, 10, 40):
        data = json.loads(cli("status", "--json", "--at", str(n), str(game_log)).stdout)
        assert data["events"] == n
    assert cli("status", str(tmp_path / "nope.toml")).exit_code == 2
    assert cli("score", str(tmp_path / "nope.toml")).exit_code == 2


def test_default_log_from_the_environment(game_log: Path, monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    result = cli("status")
    assert result.exit_code == 2 and "which log?" in result.stderr
    monkeypatch.setenv("ASARA_LOG", str(game_log))
    assert json.loads(cli("score", "--json").stdout)["complete"] is True
    assert json.loads(cli("status", "--json", "--at", "3").stdout)["events"] == 3
    assert cli("validate").stdout.startswith(f"ok: {game_log}")


def test_an_unknown_game_is_a_usage_error_naming_the_games(tmp_path: Path) -> None:
    """--game on `new` and on the command line itself: exit 2, one line, the games known;
    nothing is written."""
    log = tmp_path / "g.toml"
    for args in (["new", str(log), "-p", "Ann", "-p", "Ben", "--game", "chess"],
                 ["--game", "chess", "--help"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "--game: no game called 'chess'; asara-cli knows asara" in result.stderr
    assert not log.exists()
    result = runner.invoke(app, ["new", str(log), "-p", "Ann", "-p", "Ben", "--game", "Asara",
                                 "--no-use"])
    assert result.exit_code == 0, result.output
    assert "game =" not in log.read_text("utf-8")  # ASARA, the default, is not written


# --- one option chooses the output (cli/formats.py) -------------------------------------------

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def test_every_command_chooses_its_output_by_one_option() -> None:
    """--json is --format json; no command branches on it (the format objects write)."""
    root = Path(__file__).resolve().parent.parent / "asara_cli"
    for path in root.rglob("*.py"):
        if path.name == "formats.py" and path.parent.name == "cli":
            continue  # chosen(): the one place --json is read
        for line in path.read_text("utf-8").splitlines():
            if "as_json" in line:
                assert "as_json: JsonOption" in line or "chosen(" in line, (path.name, line)


@pytest.mark.parametrize(("command", "name"), [
    ("status", "json"), ("score", "json"), ("validate", "json"), ("score", "chart"),
])
def test_format_and_its_shorthand_write_the_same(command: str, name: str) -> None:
    log = str(SAMPLES / "two-player-basic.toml")
    short = ["--json"] if name == "json" else [f"--{name}"]
    by_option = runner.invoke(app, [command, log, "--format", name])
    by_shorthand = runner.invoke(app, [command, log, *short])
    assert by_option.exit_code == by_shorthand.exit_code == 0, by_option.output
    assert by_option.stdout == by_shorthand.stdout
    if name == "json":
        json.loads(by_option.stdout)  # one JSON document, nothing else on stdout


def test_two_formats_asked_for_are_a_usage_error() -> None:
    log = str(SAMPLES / "two-player-basic.toml")
    # (a command's default format cannot be told from not asking: --json wins over it)
    for command, other in (("score", "chart"), ("board", "toml"), ("score", "bgstats")):
        args = [command, "--json", "--format", other] + ([log] if command != "board" else [])
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (command, result.output)
        assert f"--json and --format {other} ask for two formats" in result.stderr


def test_a_game_s_command_without_a_log_in_use_is_that_game_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """No log in use: `asara camels --help` is Yspahan's help, and `asara camels` asks which
    log (not "the log in use is a game of ASARA", when there is none)."""
    from asara_cli.cli import run

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    assert run(["camels", "--help"]) == 0
    assert "Take the camel row" in capsys.readouterr().out
    assert run(["camels"]) == 2
    said = capsys.readouterr().err
    assert "which log?" in said and "a game of ASARA" not in said
