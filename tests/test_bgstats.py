"""``score --format bgstats`` / ``--url`` and ``batch --format bgstats``: a finished game as
the play JSON BG Stats' createPlay link takes, with the totals the samples' hand ledgers give."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

from typer.testing import CliRunner
from wrapped import messages, unwrap

from asara_cli.cli import app

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
runner = CliRunner()


def _dated(tmp_path: Path, name: str, header: str) -> Path:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    copy = tmp_path / name
    copy.write_text(text.replace('board = "standard"\n', f'board = "standard"\n{header}\n', 1),
                    encoding="utf-8")
    return copy


def test_tied_winners_as_a_play(tmp_path: Path) -> None:
    log = _dated(tmp_path, "tied-winners.toml", 'date = 2026-03-14\nplace = "Café Asara"')
    result = runner.invoke(app, ["score", str(log), "--format", "bgstats"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # The sample's hand ledger: Lena 68, Omar 68, both win; Lena is the start player.
    assert data["players"] == [
        {"name": "Lena", "sourcePlayerId": "lena", "score": 68, "rank": 1, "winner": True,
         "startPlayer": True},
        {"name": "Omar", "sourcePlayerId": "omar", "score": 68, "rank": 1, "winner": True,
         "startPlayer": False}]
    assert data["playDate"] == "2026-03-14 12:00:00"  # a day alone: noon UTC
    assert data["location"] == "Café Asara"
    assert data["game"] == {"name": "Asara", "sourceGameId": "asara", "highestWins": True,
                            "noPoints": False}
    assert data["sourceName"] == "asara-cli"
    assert data["comments"].startswith("basic game;")


def test_ranks_follow_the_totals(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", str(SAMPLES / "four-player-pro.toml"), "-f",
                                 "bgstats", "--bgg-id", "4242"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # Hand ledger: Tina 57, Paul 32, Anna 42, Ben 66.
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Tina", 57, 2, False), ("Paul", 32, 4, False), ("Anna", 42, 3, False),
        ("Ben", 66, 1, True)]
    assert data["game"]["bggId"] == 4242
    assert data["comments"].startswith("professional game;")
    assert sum(p["startPlayer"] for p in data["players"]) == 1


def test_the_link_carries_the_same_play(tmp_path: Path) -> None:
    log = _dated(tmp_path, "two-player-basic.toml", "date = 2026-01-02")
    as_json = json.loads(runner.invoke(app, ["score", str(log), "-f", "bgstats"]).stdout)
    result = runner.invoke(app, ["score", str(log), "--url"])
    assert result.exit_code == 0, result.output
    url = result.stdout.strip()
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https", "app.bgstatsapp.com", "/createPlay.html")
    assert parts.query.startswith("data=")
    assert all(c.isalnum() or c in "%-._~=" for c in parts.query)  # nothing left unencoded
    assert json.loads(unquote(parts.query.removeprefix("data="))) == as_json


def test_the_play_id_follows_the_bytes(tmp_path: Path) -> None:
    a = _dated(tmp_path, "two-player-basic.toml", "date = 2026-01-02")
    ids = []
    for path in (a, a, SAMPLES / "two-player-basic.toml"):
        out = runner.invoke(app, ["score", str(path), "-f", "bgstats"]).stdout
        ids.append(json.loads(out)["sourcePlayId"])
    assert ids[0] == ids[1] != ids[2]


def test_only_finished_legal_games(tmp_path: Path) -> None:
    text = (SAMPLES / "two-player-basic.toml").read_text(encoding="utf-8")
    running = tmp_path / "running.toml"
    running.write_text(text[:text.index("[[event]]", len(text) // 2)], encoding="utf-8")
    result = runner.invoke(app, ["score", str(running), "-f", "bgstats"])
    assert result.exit_code == 2
    # the refusal names the log, whose temporary path moves where the line breaks
    assert "not finished" in " ".join(result.stderr.split()) and not result.stdout
    result = runner.invoke(app, ["score", str(SAMPLES / "invalid" / "turn-order.toml"),
                                 "--url"])
    assert result.exit_code == 1
    assert "[R2]" in result.stderr and not result.stdout
    result = runner.invoke(app, ["score", str(running), "--bgg-id", "7"])
    assert result.exit_code == 2


def test_batch_hands_every_scored_game(tmp_path: Path) -> None:
    for name in ("two-player-basic.toml", "tied-winners.toml"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    shutil.copy(SAMPLES / "invalid" / "turn-order.toml", tmp_path / "bad.toml")
    result = runner.invoke(app, ["batch", str(tmp_path), "-f", "bgstats"])
    assert result.exit_code == 1  # the bad file is reported, the rest handed on
    plays = json.loads(result.stdout)
    assert sorted(tuple(sorted((p["name"], p["score"]) for p in play["players"]))
                  for play in plays) == [(("Lena", 68), ("Omar", 68)),
                                         (("Paul", 73), ("Tina", 72))]
    result = runner.invoke(app, ["batch", str(tmp_path), "-f", "bgstats", "--url"])
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith(
        "https://app.bgstatsapp.com/createPlay.html?data=") for line in lines)
    result = runner.invoke(app, ["batch", str(tmp_path), "--url"])
    assert result.exit_code == 2


def test_without_a_date_the_file_time_is_used(tmp_path: Path) -> None:
    import os

    log = tmp_path / "game.toml"
    shutil.copy(SAMPLES / "tied-winners.toml", log)
    os.utime(log, (1_700_000_000, 1_700_000_000))  # 2023-11-14 22:13:20 UTC
    data = json.loads(runner.invoke(app, ["score", str(log), "-f", "bgstats"]).stdout)
    assert data["playDate"] == "2023-11-14 22:13:20"


def _play_id(path: Path) -> str:
    result = runner.invoke(app, ["score", str(path), "-f", "bgstats"])
    assert result.exit_code == 0, result.output
    return str(json.loads(result.stdout)["sourcePlayId"])


def test_the_play_id_stays_when_only_comments_and_notes_change(tmp_path: Path) -> None:
    log = _dated(tmp_path, "two-player-basic.toml", "date = 2026-01-02")
    first = _play_id(log)
    text = log.read_text("utf-8")
    # a comment, the header's notes and an event's note: the game is the same
    log.write_text("# copied from the score pad on Monday\n" + text.replace(
        "date = 2026-01-02\n", 'date = 2026-01-02\nnotes = "Paul brought cake"\n', 1).replace(
        "[[event]]  # 1\n", '[[event]]  # 1\nnote = "a slow start"\n', 1), "utf-8")
    assert 'note = "a slow start"' in log.read_text("utf-8")
    assert _play_id(log) == first
    # another day is another play
    log.write_text(text.replace("date = 2026-01-02", "date = 2026-01-09"), "utf-8")
    assert _play_id(log) != first


def test_batch_gives_the_same_play_ids_as_score(tmp_path: Path) -> None:
    log = _dated(tmp_path, "tied-winners.toml", "date = 2026-03-14")
    result = runner.invoke(app, ["batch", str(tmp_path), "-f", "bgstats", "--no-cache"])
    [play] = json.loads(result.stdout)
    assert play["sourcePlayId"] == _play_id(log)


def test_a_link_too_long_for_the_app_is_warned_of(tmp_path: Path) -> None:
    # 1,500 "é" are 9,000 characters encoded (%C3%A9 each): past the about 8,000 the app
    # handles. The link is still written; the warning goes to stderr.
    long = _dated(tmp_path, "tied-winners.toml", f'place = "{"é" * 1500}"')
    result = runner.invoke(app, ["score", str(long), "--url"])
    assert result.exit_code == 0, result.output
    assert len(result.stdout.strip()) > 9000
    said = unwrap(result.stderr)
    assert said.startswith(f"warning: {long}: the BG Stats link is ")
    assert "more than the about 8,000 the app handles" in said
    (tmp_path / "short").mkdir()
    short = _dated(tmp_path / "short", "two-player-basic.toml", 'place = "Café"')
    quiet = runner.invoke(app, ["score", str(short), "--url"])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    both = runner.invoke(app, ["batch", str(tmp_path), "-r", "-f", "bgstats", "--url"])
    assert both.exit_code == 0, both.output
    assert len(both.stdout.splitlines()) == 2
    warned = [line for line in messages(both.stderr) if line.startswith("warning:")]
    assert warned == [line for line in messages(result.stderr) if line]
    without_url = runner.invoke(app, ["batch", str(tmp_path), "-r", "-f", "bgstats"])
    assert "warning" not in without_url.stderr
