"""``asara batch`` at 80 columns: a file name, a date and a status stay whole, one table per
game in a folder of several, the folder they share said once; what is wrong with a game is
said in full on stderr beside the table."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from asara_cli.cli import run

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
FILES = {  # long names, as a club's folder holds them
    "three-player-basic.toml": "2026-02-07-thursday-club-asara.toml",
    "pro-gifts-genie.toml": "2026-03-14-pro-gifts-genie-at-paul.toml",
    "yspahan/yspahan-4p.toml": "2026-11-23-yspahan-four-players.toml",
    "yspahan/invalid/unfinished-souk-first.toml": "yspahan-unfinished-souk-first.toml",
}


def test_a_folder_of_two_games_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "club-logs"
    folder.mkdir()
    for source, name in FILES.items():
        shutil.copy(SAMPLES / source, folder / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "40")
    assert run(["batch", "club-logs", "--no-cache"]) == 1  # one game is invalid
    got = capsys.readouterr()
    lines = got.out.splitlines()
    assert all(len(line) <= 80 for line in lines), [x for x in lines if len(x) > 80]
    assert "ASARA games in club-logs/ (* the winner)" in got.out
    assert "YSPAHAN games in club-logs/ (* the winner)" in got.out
    for name in FILES.values():
        assert re.search(rf"^  {re.escape(name)} ", got.out, re.M), name
    # the date of the sample that has one, and each status, whole on their rows; a player's
    # total beside the name, the winner marked (the sample's own ledger: Cleo 56 wins)
    assert re.search(r"^  2026-03-14-pro-gifts-genie-at-paul\.toml +2026-03-14 +Tina 29, "
                     r"+valid *$", got.out, re.M)
    assert re.search(r"^ +Cleo 56\* *$", got.out, re.M)
    for total in ("Anna 64*", "Ben 53", "Cleo 62", "Tina 29", "Lena 49"):
        assert re.search(rf"\b{re.escape(total)}(,| |$)", got.out, re.M), total
    # what is wrong: where the totals would be, in words, and in full on stderr
    assert re.search(r"^  yspahan-unfinished-souk-first\.toml +line \d+: Ben +invalid *$",
                     got.out, re.M)
    assert "[Y3.4.3]" in " ".join(got.out.split())
    assert re.search(r"invalid: club-logs/yspahan-unfinished-souk-first\.toml:\d+: Ben has "
                     r"the unfinished souk bag4", " ".join(got.err.split()))
