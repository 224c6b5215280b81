"""Position sheets: random positions survive TOML -> parse, and `asara tally --json` agrees
with the engine; the console entry points work as installed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from asara_cli.cli import app
from asara_cli.games.asara.rules.model import Colour
from asara_cli.games.asara.sheet import parse_sheet
from asara_cli.logfile.board import load_board

COLOURS = [c.value for c in Colour]


@st.composite
def sheets(draw: st.DrawFn) -> dict[str, Any]:
    pro = draw(st.booleans())
    names = draw(st.lists(st.text("abcdefghijklmnopqrstuvwxyzÄÖÜ", min_size=1, max_size=8),
                          min_size=2, max_size=4, unique_by=str.casefold))
    players = []
    for name in names:
        towers = []
        for _ in range(draw(st.integers(0, 4))):
            height = draw(st.integers(2, 9))
            tower = {"color": draw(st.sampled_from(COLOURS)), "height": height}
            if pro:
                tower["lighted"] = draw(st.integers(0, min(2, height - 2)))
            towers.append(tower)
        players.append({"name": name, "asari": draw(st.integers(0, 150)),
                        "prestige": draw(st.integers(0, 140)), "towers": towers})
    return {"variant": "pro" if pro else "basic", "players": players}


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture],
          deadline=None)
@given(sheet=sheets())
@example(sheet={"variant": "pro", "players": [  # 16 lighted windows: one more than the game's
    {"name": name, "asari": 0, "prestige": 0,
     "towers": [{"color": "brown", "height": 4, "lighted": 2}] * 2} for name in "abcd"]})
def test_sheet_round_trip_and_json_totals(tmp_path: Path, sheet: dict[str, Any]) -> None:
    path = tmp_path / "random.sheet.toml"
    path.write_text(tomli_w.dumps(sheet), encoding="utf-8")
    parsed = parse_sheet(path, load_board())
    assert parsed.variant.value == sheet["variant"]
    for typed, read in zip(sheet["players"], parsed.players, strict=True):
        assert (read.name, read.asari, read.prestige) == (
            typed["name"], typed["asari"], typed["prestige"])
        assert [(t.colour.value, t.height, t.lighted) for t in read.towers] == [
            (t["color"], t["height"], t.get("lighted", 0)) for t in typed["towers"]]

    result = CliRunner().invoke(app, ["tally", "--json", str(path)])
    towers = [t for p in sheet["players"] for t in p["towers"]]
    middle = sum(t["height"] - 2 for t in towers)
    lighted = sum(t.get("lighted", 0) for t in towers)
    beyond = []  # more trunks and windows, or lighted windows, than the box holds (R1)
    if middle > 20 + 25:
        beyond.append(f"the towers hold {middle} trunks and windows; the game has 45 [R1]")
    if lighted > 15:
        beyond.append(f"the towers hold {lighted} lighted windows; the game has 15 [R1]")
    if beyond:
        assert result.exit_code == 1
        said = " ".join(result.stderr.split())  # the temporary path moves where lines break
        assert all(problem in said for problem in beyond), result.stderr
        return
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    totals = [p["total"] for p in data["players"]]
    for typed, p in zip(sheet["players"], data["players"], strict=True):
        assert p["name"] == typed["name"]
        assert p["final_points"] == sum(a["points"] for a in p["awards"])
        assert p["total"] == typed["prestige"] + p["final_points"]
        # money is 1 per full 10 Asari (R5)
        assert [a["points"] for a in p["awards"] if a["category"] == "money"] == [
            typed["asari"] // 10]
    assert data["winners"] == [p["name"] for p in data["players"] if p["total"] == max(totals)]


def test_python_dash_m_and_console_script() -> None:
    result = subprocess.run([sys.executable, "-m", "asara_cli", "--version"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.startswith("asara ")
    script = Path(sys.executable).parent / "asara"
    if script.exists():  # installed with pip: the console script is there too
        sample = Path(__file__).resolve().parent.parent / "sample_games"
        result = subprocess.run([str(script), "tally", "--json",
                                 str(sample / "rulebook-example.sheet.toml")],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["winners"] == ["Philipp"]
