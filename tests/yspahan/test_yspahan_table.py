"""Recording Yspahan at the table (issue: what a table met): no cell asked where the shop is
certain, no other player's decision taken silently, move lines that say what moved, colours
beside names, refusals that say what the referee knows. Through the command line's entry,
at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from asara_cli.cli import run
from asara_cli.games.yspahan.rules.events import Goods, Send, Supervisor, Turn
from asara_cli.logfile.game import read_log


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new 3-player game in use: Ann, Ben, Cid in seat order, Ben the oldest (he rolls)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    assert run(["new", "g.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben", "-p", "Cid",
                "--oldest", "Ben", "-c", "blue", "-c", "red", "-c", "green"]) == 0
    return tmp_path / "g.toml"


def said(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """stdout and stderr since the last call, each with its line breaks made spaces."""
    got = capsys.readouterr()
    return " ".join(got.out.split()), " ".join(got.err.split())


def last(log: Path) -> Turn:
    event = read_log(log).events[-1]
    assert isinstance(event, Turn)
    return event


# --- the shop is certain: no cell is asked -------------------------------------------------------


def test_every_free_shop_of_a_souk_listed_needs_no_cell(
        table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """bag6: 3 inner shops and 2 facing W5 and W7; five cubes fill it, so each is certain."""
    assert run(["roll", "122222345"]) == 0  # 5 dice on the bag row
    assert run(["goods", "bag6", "bag6", "bag6", "bag6", "bag6"]) == 0, said(capsys)
    shops = last(table).action
    assert isinstance(shops, Goods)
    assert sorted(s.cell for s in shops.shops) == ["W5", "W7", "inner", "inner", "inner"]


def test_a_cell_named_later_in_the_list_leaves_one_street_side_shop(
        table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["roll", "122222345"]) == 0  # 5 dice on the bag row
    assert run(["goods", "bag6", "bag6", "bag6", "bag6", "bag6", "W5"]) == 0, said(capsys)
    shops = last(table).action
    assert isinstance(shops, Goods)
    assert [s.cell for s in shops.shops] == ["inner", "inner", "inner", "W7", "W5"]


def test_a_choice_left_between_two_street_side_shops_is_asked(
        table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["roll", "122223345"]) == 0  # 4 dice: 3 inner shops, then W5 or W7
    before = table.read_bytes()
    assert run(["goods", "bag6", "bag6", "bag6", "bag6"]) == 2
    _, err = said(capsys)
    assert "which shop of bag6? Say the cell it faces: W5 or W7" in err
    assert table.read_bytes() == before


# --- no other player's decision taken silently -----------------------------------------------


@pytest.fixture
def two_cubes_at_s1(table: Path) -> Path:
    """Day 2, Ben to move: S1 faces Ben's cube in bag3 (the W1/S1 corner) and Ann's in
    barrel3 (the E1/S1 corner); Ann holds 3 camels, Ben none; the bag row shows a 2."""
    for move in (["roll", "113355666"], ["goods", "bag", "bag3", "W1", "bag3", "W3"],
                 ["camels"], ["goods", "barrel", "barrel3", "E1", "barrel3", "E2"],
                 ["roll", "111222666"], ["gold"], ["camels"]):
        assert run(move) == 0, move
    return table


@pytest.mark.parametrize(("args", "needed"), [
    ([], ["--order bag3 --order barrel3", "Ben's in bag3", "Ann's in barrel3"]),
    (["--order", "barrel3"], ["Ann holds 3 camels", "--camel Ann", "--no-camel Ann"]),
    (["--order", "barrel3", "--camel", "Ben"], ["--camel Ann", "--no-camel Ann"]),
])
def test_a_send_waits_for_the_order_and_each_owners_camel_choice(
        two_cubes_at_s1: Path, capsys: pytest.CaptureFixture[str], args: list[str],
        needed: list[str]) -> None:
    before = two_cubes_at_s1.read_bytes()
    capsys.readouterr()
    assert run(["supervisor", "bag", "S1", *args]) == 2
    _, err = said(capsys)
    for words in needed:
        assert words in err, err
    assert two_cubes_at_s1.read_bytes() == before


@pytest.mark.parametrize(("choice", "kept"), [("--camel", True), ("--no-camel", False)])
def test_the_owners_choice_is_recorded(two_cubes_at_s1: Path, capsys: pytest.CaptureFixture[str],
                                       choice: str, kept: bool) -> None:
    assert run(["supervisor", "bag", "S1", "--order", "barrel3", choice, "ann"]) == 0, \
        said(capsys)
    assert last(two_cubes_at_s1).action == Supervisor(
        "S1", (Send("barrel3", kept), Send("bag3", False)))


def test_a_cube_named_both_ways_is_refused(two_cubes_at_s1: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["supervisor", "bag", "S1", "--order", "barrel3", "--camel", "Ann",
                "--no-camel", "barrel3"]) == 2
    assert "named by both --camel and --no-camel" in said(capsys)[1]
