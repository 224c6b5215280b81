"""Every ASARA screen in each shipped language, at 80 columns: no line wider, each matching its
snapshot in tests/snapshots/<code>/ (each read by hand when stored: ASARA_UPDATE_SNAPSHOTS=1
rewrites them). The English ones (tests/test_screens.py) stay as they were."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from asara_cli import language
from asara_cli.cli import app

sys.path.insert(0, str(Path(__file__).resolve().parent))
from languages import SHIPPED, each, screen_matches
from test_screens import FINAL_TURN, _copy, _game, _gifts_game, _typed, _year_end

ROOT = Path(__file__).resolve().parent / "snapshots"
SNAPSHOTS = ROOT / "de"
WIDTH = 80
runner = CliRunner()

#: (snapshot name, the arguments given the temporary folder, the exit code)
SCREENS: list[tuple[str, Callable[[Path], list[str]], int]] = [
    ("status", lambda t: ["status", _copy(t, "three-player-basic.toml"), "--at", "50"], 0),
    ("status-final", lambda t: ["status", _copy(t, "three-player-basic.toml")], 0),
    ("status-full", lambda t: ["status", _copy(t, "three-player-basic.toml"), "--at", "50",
                               "--full"], 0),
    ("status-pro", lambda t: ["status", _copy(t, "four-player-pro.toml"), "--at", "40",
                              "--full"], 0),
    ("status-gifts", lambda t: ["status", _copy(t, "pro-gifts-genie.toml"), "--at", "30"], 0),
    ("score", lambda t: ["score", _copy(t, "three-player-basic.toml")], 0),
    ("score-tied", lambda t: ["score", _copy(t, "tied-winners.toml")], 0),
    ("score-chart", lambda t: ["score", _copy(t, "three-player-basic.toml"), "--chart"], 0),
    ("score-gifts", lambda t: ["score", _copy(t, "basic-gifts.toml")], 0),
    ("board", lambda t: ["board"], 0),
    ("move-buy", lambda t: _typed(t, 2), 0),
    ("move-build", lambda t: _typed(t, 10), 0),
    ("year-end", lambda t: _typed(t, _year_end(1)), 0),
    ("final", lambda t: _typed(t, FINAL_TURN), 0),
    ("tally", lambda t: ["tally", _copy(t, "rulebook-example.sheet.toml")], 0),
    ("tally-pro", lambda t: ["tally", _copy(t, "pro-lighted-tiebreaks.sheet.toml")], 0),
    # refusals: the real mistake first, the rule id and the facts
    ("refused-deal", lambda t: ["buy", "base", "red", "-c", "blue", "-s", "2", "-p", "Anna",
                                *_gifts_game(t)], 1),
    ("error-word", lambda t: ["buy", "window", "black", "-c", "gren", "-p", "Ben",
                              *_game(t, 1)], 2),
    ("new-expansions", lambda t: ["new", "new.toml", "-p", "Anna", "-p", "Ben", "-p",
                                  "Cleo", "--pro", "--gifts", "--genie", "--name-movers",
                                  "--no-use"], 0),
]


@pytest.mark.parametrize("lang", each(SHIPPED))
@pytest.mark.parametrize(("name", "make", "code"), SCREENS, ids=[s[0] for s in SCREENS])
def test_a_screen_at_80_columns(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                name: str, make: Callable[[Path], list[str]],
                                code: int) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    args = make(tmp_path)
    language.use(lang)
    try:
        result = runner.invoke(app, args, env={"COLUMNS": str(WIDTH)})
    finally:
        language.use("en")
    assert result.exit_code == code, result.output
    screen_matches(result.output, ROOT / lang / f"{name}.txt")


@pytest.mark.parametrize(("name", "words"), [
    ("status", ["Jahr 3 von 4", "Anna am Zug", "Gunst des Kalifen", "Marktbereich Basis",
                "Türme von unten nach oben"]),
    ("score", ["Punktebuch: jeder Prestigepunkt", "höchster Turm insgesamt",
               "Sieger: Anna mit 64 Prestigepunkten"]),
    ("year-end", ["Ende von Jahr 1: Jahreswertung (R4)", "Kalif"]),
    ("final", ["Schlusswertung (R5)", "Anna gewinnt mit 64 Prestigepunkten.", "Sieger"]),
    ("refused-deal", ["die Geschenke des Kalifen für Jahr 1 sind noch nicht verteilt",
                      "[R6.1]", "6 Geschenke", "asara geschenke basis 2"]),
    ("error-word", ["'gren' ist kein bekanntes Farbwort; meinst du Grün?"]),
])
def test_german_screens_use_the_glossary(name: str, words: list[str]) -> None:
    """The snapshots read by hand hold the rulebook's words (docs/glossary.md)."""
    text = (SNAPSHOTS / f"{name}.txt").read_text(encoding="utf-8")
    for word in words:
        assert word in text
