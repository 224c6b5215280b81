"""Recording Yspahan at the table (issue: what a table met): no cell asked where the shop is
certain, no other player's decision taken silently, move lines that say what moved, colours
beside names, refusals that say what the referee knows. Through the command line's entry,
at 80 columns."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from yspahan_helpers import board, put, shop
from yspahan_helpers import run as referee
from yspahan_helpers import table as laid

from asara_cli.cli import run
from asara_cli.games.yspahan.codec import EXAMPLE_SHOPS
from asara_cli.games.yspahan.rules.events import (
    Checkpoint,
    Gold,
    Goods,
    Send,
    Supervisor,
    Turn,
)
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


# --- refusals that say what the referee knows ------------------------------------------------


def test_an_empty_row_says_who_took_it_today(table: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["roll", "113355666"]) == 0
    assert run(["camels"]) == 0  # Ben
    capsys.readouterr()
    assert run(["camels"]) == 1  # Cid
    assert "the camels row was taken today by Ben [Y2.5]" in said(capsys)[1]


def test_an_empty_row_says_no_die_landed_on_it(table: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["roll", "113355666"]) == 0  # values 1, 3, 5, 6: no chest row
    capsys.readouterr()
    assert run(["goods", "chest", "chest8", "N2"]) == 1
    assert "the chest row is empty: no die of today's roll landed on it [Y2.5]" in \
        said(capsys)[1]


def test_gold_comes_from_the_gold_row() -> None:
    (found,) = referee(laid(), Turn("Ann", "camels", Gold()))
    assert (found.rule, found.message) == ("Y3.2", "gold comes from the gold row, not the "
                                                   "camels row")


def test_a_souk_refused_is_said_once_naming_its_shops() -> None:
    """Ann's chest4 is unfinished: three cubes into chest6 are one mistake, said once."""
    t = laid(white=(1, 2, 3, 4, 4, 4, 5, 6, 6), yellow=())  # chest row: 3 dice
    put(t, 0, "chest4", "W2")
    found = referee(t, Turn("Ann", "chest", Goods(tuple(shop(s) for s in (
        "chest6@W6", "chest6@W8", "chest6@W10")))))
    assert [(v.rule, v.message) for v in found] == [(
        "Y3.4.3", "Ann has the unfinished souk chest4 in the chest quarter and must fill it "
                  "before starting chest6 (W6, W8, W10)")]


def test_a_wrong_quarter_is_said_before_the_count_it_leaves_short() -> None:
    t = laid(white=(1, 2, 3, 4, 4, 4, 5, 6, 6), yellow=())  # chest row: 3 dice
    found = referee(t, Turn("Ann", "chest", Goods((shop("chest8@N2"), shop("bag3@W3")))))
    assert [v.rule for v in found] == ["Y3.4", "Y6.6"]
    assert found[0].message.startswith("bag3 (W3) is in the bag quarter")


def test_an_unaffordable_supervisor_move_is_refused_under_the_supervisors_rule(
        table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["roll", "113355666"]) == 0
    capsys.readouterr()
    assert run(["supervisor", "gold", "W1"]) == 1  # 5 steps of change; Ben has 2 gold
    err = said(capsys)[1]
    assert "costs 5 gold" in err and "[Y3.5]" in err and "[Y6.16]" not in err


# --- every example the tool prints is legal ------------------------------------------------------

#: A short game in which every example of the Yspahan commands' help is a legal move, where
#: it stands (Tina, Paul, Anna; Paul the oldest).
STORY = [
    "asara new game.toml --game yspahan -p Tina -p Paul -p Anna --oldest Paul",
    'asara roll 1 1 3 3 5 5 6 6 6 --yellow "1 2"',  # Paul pays 2 gold: camels 1 1 +1 yellow
    "asara camels --build pasture",  # Paul: 3 camels, 2 back for the pasture
    "asara check goods chest chest8 N2 chest8 inner",  # Anna: the chest row's 2 dice
    "asara goods chest chest8 N2 chest8 inner",
    "asara draw gold3 --row barrel",  # Tina
    "asara roll 1 1 2 2 3 3 6 6 6",  # day 2: Anna rolls
    "asara camels",  # Anna: 2 camels
    "asara gold --discard gold3",  # Tina: 3 dice + 1
    "asara supervisor bag N2 --no-camel Anna",  # Paul: the 2 takes it from C to N2 free
    'asara checkpoint Tina=0 Paul=0 Anna=2 --gold "Tina=6, Paul=0, Anna=2"',  # the 1st camel
    "asara roll 1 2 3 4 5 6 6 6 6",  # day 3: Tina rolls; the chest row holds 1 die
    "asara camels",  # Tina
    "asara gold",  # Paul
    "asara check goods chest chest8 N2",  # Anna
]


def examples(capsys: pytest.CaptureFixture[str]) -> set[str]:
    """``Example: asara ...`` of every Yspahan command's help, as printed."""
    from asara_cli.games import find_game

    found: set[str] = set()
    for name in find_game("yspahan").command_names():
        capsys.readouterr()
        assert run(["--game", "yspahan", name, "--help"]) == 0
        text = capsys.readouterr().out
        found.update(m.strip() for m in re.findall(r"Example: (asara [^\n]*)", text))
    return found


def test_every_example_in_the_help_is_a_legal_move_where_the_story_plays_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    monkeypatch.setenv("COLUMNS", "200")  # an example on one line
    shown = examples(capsys)
    assert len(shown) >= 9 and shown <= set(STORY), shown - set(STORY)
    for line in STORY:
        assert run(shlex.split(line)[1:]) == 0, (line, said(capsys))


def test_example_shops_in_messages_are_shops_of_their_quarter() -> None:
    b = board()
    for quarter in b.quarters:
        souk_id, cell = EXAMPLE_SHOPS[quarter].split()
        souk = b.souk(souk_id)
        assert souk is not None and souk.quarter == quarter
        assert souk.shop_at(cell) is not None


@pytest.mark.parametrize(("refused", "asks"), [
    (["goods", "bag6", "bag6", "bag6", "bag6"], "e.g. bag6 W5"),
])
def test_the_example_a_refusal_gives_is_accepted(
        table: Path, capsys: pytest.CaptureFixture[str], refused: list[str], asks: str) -> None:
    assert run(["roll", "122223345"]) == 0  # 4 dice on the bag row
    capsys.readouterr()
    assert run(refused) == 2
    assert asks in said(capsys)[1]
    fixed = [*refused[:-1], *asks.removeprefix("e.g. ").split()]
    assert run(fixed) == 0, said(capsys)


def test_the_order_a_refusal_gives_is_accepted(two_cubes_at_s1: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert run(["supervisor", "bag", "S1", "--no-camel", "Ann"]) == 2
    example = re.search(r"e\.g\. ((?:--order \w+ ?)+)", said(capsys)[1])
    assert example is not None
    assert run(["supervisor", "bag", "S1", "--no-camel", "Ann",
                *example.group(1).split()]) == 0, said(capsys)


def test_checkpoint_takes_every_players_gold_in_one_option(
        table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for one in (["--gold", "Ann=2, Ben=2, Cid=2"], ["--gold", "Ann=2 Ben=2", "--gold", "Cid=2"],
                ["--gold", "Ann=2", "--gold", "Ben=2", "--gold", "Cid=2"]):
        assert run(["checkpoint", *one]) == 0, said(capsys)
        assert read_log(table).events[-1] == Checkpoint((), (("Ann", 2), ("Ben", 2),
                                                              ("Cid", 2)))
    assert run(["checkpoint", "--gold", "Ann=2, Ben"]) == 2
    assert "expected NAME=NUMBER, got 'Ben'" in said(capsys)[1]


# --- move lines that say what moved --------------------------------------------------------------


def test_a_roll_shows_the_tower_and_what_the_yellow_dice_cost(
        table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert run(["roll", "113355666", "-y", "12"]) == 0  # Ben
    out, _ = said(capsys)
    # values 1, 2, 3, 5, 6 go to the camels, bag, barrel, chest and gold rows (Y2.4)
    assert ("Tower: camels 1: 3 dice, 1 yellow · bag 2: 1 die, yellow · barrel 3: 2 dice · "
            "chest 5: 2 dice · vase - · gold 6: 3 dice") in out
    assert "Ben: -2 gold (2 yellow dice); now 0 gold, 0 camels, 0 cards, 0 points." in out


def test_a_turn_says_each_gain_and_payment(table: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["roll", "113355666", "-y", "12"]) == 0
    capsys.readouterr()
    assert run(["camels", "--build", "pasture"]) == 0  # Ben: 2 dice + the yellow 1
    out, _ = said(capsys)
    assert ("Ben: +3 camels (camels row: 3 dice); -2 camels (the pasture); now 0 gold, "
            "1 camel, 0 cards, 0 points.") in out
    assert run(["draw", "gold3", "--row", "barrel"]) == 0  # Cid
    assert "Cid: +1 card (the card action: gold3); now 2 gold" in said(capsys)[0]


def test_a_send_says_the_supervisors_walk_and_each_owners_points(
        two_cubes_at_s1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert run(["supervisor", "bag", "S1", "--order", "barrel3", "--no-camel", "Ann"]) == 0
    out, _ = said(capsys)
    # C to S1 is 1 cell; the bag row shows a 2: 1 step of change, 1 gold (Y3.5). Ann's cube
    # lands on the 1st camel, Ben's on the 2nd: both in the bottom row, 2 points each (Y4.1)
    assert ("Ben: -1 gold (supervisor 1 cell from C to S1 with a 2: 1 step of change); "
            "+2 points: cube on the 2nd camel (bottom row); now 1 gold") in out
    assert "Ann: +2 points: cube on the 1st camel (bottom row); now 2 gold, 3 camels" in out


def test_a_kept_cube_says_the_camel_its_owner_returns(
        two_cubes_at_s1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert run(["supervisor", "bag", "S1", "--order", "barrel3", "--camel", "Ann"]) == 0
    out, _ = said(capsys)
    assert ("Ann: -1 camel (keeps the barrel3 cube facing S1); +2 points: cube on the 1st "
            "camel (bottom row); now 2 gold, 2 camels") in out


def _simulated(players: int) -> tuple[Any, Any, list[Any], list[Any]]:
    """A simulated game: its board, setup, events and the state before each and after all."""
    from asara_cli.games.yspahan.rules.engine import advance
    from asara_cli.games.yspahan.rules.state import new_table, snapshot
    from asara_cli.games.yspahan.simulate import simulate_game

    b = board()
    sim = simulate_game(b, 7, players)
    states = [snapshot(new_table(b, sim.setup))]
    for event in sim.events:
        states.append(advance(b, states[-1], event))
    return b, sim.setup, list(sim.events), states


def test_a_weeks_last_move_keeps_its_own_points_apart_from_the_week_end() -> None:
    from asara_cli.games.yspahan.screens import result_line

    b, _, events, states = _simulated(3)
    n = next(i for i in range(len(events)) if states[i + 1].week == 2)
    before, after = states[n], states[n + 1]
    line = result_line(b, before, after, events[n])
    new = after.ledger[len(before.ledger):]
    weekly = [e for e in new if e.source in ("souk", "caravan_week")]
    assert weekly  # the simulated week scores something
    totals: dict[int, int] = {}
    for e in weekly:
        totals[e.player] = totals.get(e.player, 0) + e.points
    said_apart = ", ".join(f"{after.players[s].name} +{p}" for s, p in totals.items())
    assert f"The week end scores apart from the move: {said_apart} (below)." in line
    for e in weekly:  # the week end's explanations are not among the move's points
        assert e.explanation.rsplit(":", 1)[0] not in line


def test_the_last_day_of_four_players_announces_its_order_by_score() -> None:
    from asara_cli.games.yspahan.screens import result_line

    b, _, events, states = _simulated(4)
    n = next(i for i in range(len(events))
             if (states[i + 1].week, states[i + 1].day) == (b.weeks, b.days))
    after = states[n + 1]
    line = " ".join(result_line(b, states[n], after, events[n]).split())
    found = re.search(r"turns go by score, lowest first \(Y5\.2[^)]*\): (.*?)\. (\S+) rolls",
                      line)
    assert found is not None, line
    shown = [re.fullmatch(r"(.+) \((\d+)\)", x) for x in found.group(1).split(", ")]
    pairs = [(m.group(1), int(m.group(2))) for m in shown if m is not None]
    scores = {p.name: p.score for p in after.players}
    assert len(pairs) == 4 and all(scores[name] == score for name, score in pairs)
    assert [score for _, score in pairs] == sorted(scores.values())  # lowest first
    assert [name for name, _ in pairs] == [after.players[s].name for s in after.order]
    assert found.group(2) == pairs[0][0]  # the lowest rolls


def test_redo_of_a_weeks_last_move_shows_the_week_end_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from asara_cli.logfile.game import LogHeader, write_log

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    _, setup, events, states = _simulated(3)
    n = next(i for i in range(len(events)) if states[i + 1].week == 2)
    log = tmp_path / "w.toml"
    write_log(log, LogHeader(setup, "standard", None, None, game="yspahan"), events[:n + 1])
    monkeypatch.setenv("ASARA_LOG", str(log))
    assert run(["undo"]) == 0
    capsys.readouterr()
    assert run(["redo"]) == 0
    out, _ = said(capsys)
    assert out.startswith(f"redone: #{n + 1} ") and "End of week 1" in out


# --- colours beside names ------------------------------------------------------------------------


def test_status_shows_each_players_colour_where_their_cubes_are(
        two_cubes_at_s1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["supervisor", "bag", "S1", "--order", "barrel3", "--no-camel", "Ann"]) == 0
    capsys.readouterr()
    assert run(["status"]) == 0
    out = capsys.readouterr().out
    # Ben's cube of bag3 facing W3 stays; Ann's barrel3 facing E2 stays; both sent cubes
    # are on the caravan's bottom row, Ann's first
    assert "bag: bag3 Ben (red) 1/3 ·" in out
    assert "barrel: barrel3 Ann (blue) 1/2 ·" in out
    assert "Caravan 2/9: bottom Ann (blue) Ben (red) -\n  middle - - -\n  top - - -" in out
    for row in ("Ann (blue)", "Ben (red)", "Cid (green)"):
        assert re.search(rf"^[ ▶S]*{re.escape(row)} +\d", out, re.M), row
    assert run(["status", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(p["name"], p["colour"]) for p in data["players"]] == [
        ("Ann", "blue"), ("Ben", "red"), ("Cid", "green")]


def test_without_colours_the_names_stand_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    assert run(["new", "n.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben", "-p", "Cid"]) == 0
    for move in (["roll", "113355666"], ["goods", "bag", "bag3", "W1", "bag3", "W3"]):
        assert run(move) == 0
    capsys.readouterr()
    assert run(["status"]) == 0
    out = capsys.readouterr().out
    assert "bag: bag3 Ann 2/3 ·" in out and "Caravan 0/9: bottom - - - · middle" in out


def test_the_week_end_screen_shows_colours_beside_names() -> None:
    from rich.console import Console

    from asara_cli.games.yspahan.screens import week_end_view

    b, setup, events, states = _simulated(3)
    n = next(i for i in range(len(events)) if states[i + 1].week == 2)
    console = Console(width=80, color_system=None, record=True)
    console.print(week_end_view(b, states[n], states[n + 1]))
    shown = console.export_text()
    colours = dict(zip(setup.players, setup.colours, strict=True))
    rows = re.findall(r"^ *(\w+) \((\w+)\) +\+\d+", shown, re.M)
    assert rows and all(colours[name] == colour for name, colour in rows), shown


# --- the smaller items ---------------------------------------------------------------------------


def test_name_movers_makes_every_move_name_its_mover(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    assert run(["new", "m.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben", "-p", "Cid",
                "--name-movers"]) == 0
    assert 'movers = "named"' in (tmp_path / "m.toml").read_text("utf-8")
    capsys.readouterr()
    assert run(["roll", "113355666"]) == 2
    assert "add -p NAME" in said(capsys)[1]
    assert run(["roll", "113355666", "-p", "Ben"]) == 1  # Ann, the first player, rolls
    assert "[Y2.2]" in said(capsys)[1]
    assert run(["roll", "113355666", "-p", "ann"]) == 0
    assert run(["camels"]) == 2
    assert run(["camels", "-p", "Ann"]) == 0
    assert len(read_log(tmp_path / "m.toml").events) == 2


def _written(tmp_path: Path, players: int, upto: int | None = None) -> Path:
    """A simulated game written as a log (all of it, or its first ``upto`` events)."""
    from asara_cli.logfile.game import LogHeader, write_log

    _, setup, events, _ = _simulated(players)
    log = tmp_path / "sim.toml"
    write_log(log, LogHeader(setup, "standard", None, None, game="yspahan"), events[:upto])
    return log


def test_status_of_a_finished_game_names_the_winner_and_no_one_to_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    log = _written(tmp_path, 3)
    _, _, _, states = _simulated(3)
    final = states[-1]
    best = max(p.score for p in final.players)
    top = [p.name for p in final.players if p.score == best]
    capsys.readouterr()
    assert run(["status", str(log)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    verdict = (f"{top[0]} wins with {best}." if len(top) == 1
               else f"{' and '.join(top)} share the win with {best}.")
    assert f"The game is over: {verdict}" in out
    assert "next to move" not in out and "▶" not in out


def test_status_full_shows_every_souks_shops_the_caravan_and_the_cards(
        two_cubes_at_s1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["supervisor", "bag", "S1", "--order", "barrel3", "--no-camel", "Ann"]) == 0
    capsys.readouterr()
    assert run(["status", "--full"]) == 0
    out = capsys.readouterr().out
    # bag3: Ben's cube facing W3 stays, the corner shop W1+S1 was sent, S2 never filled
    assert re.search(r"^ bag3 +Ben \(red\) +W3 ● W1\+S1 ○ S2 ○ +- +3 *$", out, re.M), out
    assert re.search(r"^ 1st +bottom +Ann \(blue\) +2 *$", out, re.M)
    assert re.search(r"^ 2nd +bottom +Ben \(red\) +2 *$", out, re.M)
    assert "Hands (open): Ann: no cards; Ben: no cards; Cid: no cards." in out
    assert "The discard pile: nothing." in out
    assert run(["status"]) == 0
    assert "shop by shop" not in capsys.readouterr().out


def test_score_at_an_event_and_an_unfinished_week_labelled_so(
        two_cubes_at_s1: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["supervisor", "bag", "S1", "--order", "barrel3", "--no-camel", "Ann"]) == 0
    capsys.readouterr()
    assert run(["score", "--at", "7", "--json"]) == 0  # before the send: nobody scored
    before = json.loads(capsys.readouterr().out)
    assert before["after_event"] == 7
    assert [p["score"] for p in before["players"]] == [0, 0, 0]
    assert run(["score", "--json"]) == 0  # the two cubes on the bottom row: 2 each (Y4.1)
    now = json.loads(capsys.readouterr().out)
    assert [p["score"] for p in now["players"]] == [2, 2, 0] and "after_event" not in now
    assert now["week_labels"] == ["week 1 so far (day 3)"]  # day 3 is to be rolled
    assert run(["score", "--chart"]) == 0
    out = capsys.readouterr().out
    assert "week 1 so far (day 3)" in out and "after week 1" not in out
    assert run(["score", "--at", "7"]) == 0
    assert "Score of g.toml after event 7" in capsys.readouterr().out
    assert run(["score", "--at", "7", "--format", "bgstats"]) == 2


def test_score_at_reads_any_games_log(capsys: pytest.CaptureFixture[str]) -> None:
    sample = Path(__file__).parents[2] / "sample_games" / "three-player-basic.toml"
    assert run(["score", str(sample), "--at", "0", "--json"]) == 0  # ASARA, before any move
    data = json.loads(capsys.readouterr().out)
    assert data["after_event"] == 0 and data["winners"] == []


def test_a_finished_games_chart_labels_every_week_ended(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    log = _written(tmp_path, 3)
    capsys.readouterr()
    assert run(["score", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["week_labels"] == [
        "after week 1", "after week 2", "after week 3"]


def test_a_recorded_log_numbers_its_events_and_keeps_hand_comments(
        table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from asara_cli.logfile.game import parse_log

    assert run(["roll", "113355666"]) == 0
    with table.open("a", encoding="utf-8") as f:
        f.write("# the tea arrived here\n")
    assert run(["camels"]) == 0
    assert run(["checkpoint", "Ann=0"]) == 0
    text = table.read_text("utf-8")
    assert re.findall(r"^\[\[event\]\]  # (\d+)$", text, re.M) == ["1", "2", "3"]
    assert "# the tea arrived here\n" in text
    # a reader that knows nothing of the numbers reads the same events from the bare tables
    bare = re.sub(r"^(\[\[event\]\])  # \d+$", r"\1", text, flags=re.M)
    assert parse_log(bare).events == read_log(table).events
    assert len(read_log(table).events) == 3
    assert run(["undo"]) == 0 and run(["redo"]) == 0
    assert table.read_text("utf-8") == text


@pytest.mark.parametrize(("players", "seed"), [(3, 7), (4, 7), (3, 21), (4, 33)])
def test_what_a_move_line_says_moved_is_what_changed(players: int, seed: int) -> None:
    """Every gold, camel and card the referee says a move moved (engine.moved) adds up to
    the change in each player's holdings, over whole simulated games."""
    from asara_cli.games.yspahan.rules.engine import advance, moved
    from asara_cli.games.yspahan.rules.state import new_table, snapshot
    from asara_cli.games.yspahan.simulate import simulate_game

    b = board()
    sim = simulate_game(b, seed, players)
    state = snapshot(new_table(b, sim.setup))
    for event in sim.events:
        after = advance(b, state, event)
        flows = moved(b, state, event)
        for seat, (was, now) in enumerate(zip(state.players, after.players, strict=True)):
            mine = [f for f in flows if f.player == seat]
            assert sum(f.gold for f in mine) == now.gold - was.gold, (event, mine)
            assert sum(f.camels for f in mine) == now.camels - was.camels, (event, mine)
            assert sum(f.cards for f in mine) == now.cards - was.cards, (event, mine)
        state = after


def test_the_towers_status_lines_break_between_rows_only(
        table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["roll", "113355666", "-y", "12"]) == 0
    capsys.readouterr()
    assert run(["status"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("Tower: "))
    tower = [lines[first].removeprefix("Tower: ")]
    tower += [x.strip() for x in lines[first + 1:] if x.startswith("  ") and "·" in x][:1]
    items = [x.strip() for part in tower for x in part.rstrip(" ·").split(" · ")]
    assert items == ["camels 1: 3 dice, 1 yellow", "bag 2: 1 die, yellow", "barrel 3: 2 dice",
                     "chest 5: 2 dice", "vase -", "gold 6: 3 dice"]
    assert all(len(line) <= 80 for line in lines)
