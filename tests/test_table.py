"""What a table trips over (issue 10): buyer colour typos, towers named one way everywhere,
"did you mean", two-line move feedback that fits 80 columns, the end-of-year table."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wrapped import unwrap

from asara_cli.cli import app
from asara_cli.logfile.game import read_log

runner = CliRunner()


def cli(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    assert cli("new", "game.toml", "-p", "Tina", "-p", "Paul").exit_code == 0
    return tmp_path / "game.toml"


# --- buyer colours ----------------------------------------------------------------------------


def test_a_near_miss_of_a_colour_in_play_is_refused(table: Path) -> None:
    assert cli("buy", "window", "black", "-c", "green").exit_code == 0
    result = cli("buy", "base", "red", "-c", "gren")
    assert result.exit_code == 2
    assert "did you mean green?" in result.stderr
    assert len(read_log(table).events) == 1
    # a real new colour that is far from any in play is taken, and the move line says so
    result = cli("buy", "base", "red", "-c", "violet")
    assert result.exit_code == 0, result.output
    assert "new buyer colour violet: 2 of 5" in result.stdout
    # "new WORD" insists on a word that looks like a typo
    result = cli("buy", "turret", "red", "-c", "new greet")
    assert result.exit_code == 0, result.output
    assert read_log(table).events[-1].placement.buyer == "greet"


def test_declared_colours_refuse_every_other_word(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    result = cli("new", "g.toml", "-p", "Tina", "-p", "Paul", "--buyers",
                 "blue, green orange violet yellow")
    assert result.exit_code == 0, result.output
    log = tmp_path / "g.toml"
    assert 'buyers = ["blue", "green", "orange", "violet", "yellow"]' in log.read_text("utf-8")
    result = cli("buy", "window", "black", "-c", "gren")
    assert result.exit_code == 2
    assert "not one of this game's buyer colours (blue, green, orange, violet, yellow)" in (
        unwrap(result.stderr))
    assert "did you mean green?" in result.stderr
    result = cli("buy", "window", "black", "-c", "gr")  # a prefix of a declared colour
    assert result.exit_code == 0, result.output
    assert "new buyer colour" not in result.stdout  # declared: nothing new to announce
    assert read_log(log).events[-1].placement.buyer == "green"
    # the referee holds the declaration too, for hand-edited logs
    text = log.read_text("utf-8").replace('buyer = "green"', 'buyer = "pink"')
    log.write_text(text, "utf-8")
    result = cli("validate", str(log))
    assert result.exit_code == 1
    assert "this game's buyer colours are blue, green, orange, violet, yellow; 'pink'" in (
        result.output)
    assert "[R1]" in result.output


@pytest.mark.parametrize("words, message", [
    ("blue blue", "blue is named twice"),
    ("bl", "is not a colour word"),
    ("blue 7", "is not a colour word"),
])
def test_bad_declarations(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, words: str,
                          message: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("new", "g.toml", "-p", "A", "-p", "B", "--buyers", words)
    assert result.exit_code == 2 and message in result.stderr
    assert not (tmp_path / "g.toml").exists()


def test_six_declared_colours_are_one_too_many(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("new", "g.toml", "-p", "A", "-p", "B", "--buyers",
                 "blue green orange violet yellow pink")
    assert result.exit_code == 1  # R1: the standard board's buyers come in 5 colours
    assert "buyers come in 5 colours; 6 are declared [R1]" in result.stderr


# --- words ------------------------------------------------------------------------------------


def test_misspelt_tile_colours_get_a_suggestion(table: Path) -> None:
    result = cli("buy", "window", "blakc", "-c", "blue")
    assert result.exit_code == 2
    assert "did you mean black?" in result.stderr
    result = cli("buy", "windw", "black", "-c", "blue")
    assert result.exit_code == 2
    assert "did you mean window?" in result.stderr


# --- towers named as build names them --------------------------------------------------------


def test_towers_are_named_by_order_with_their_height(table: Path) -> None:
    moves = [
        ["buy", "base", "red", "-c", "blue"], ["buy", "base", "red", "-c", "blue"],
        ["buy", "turret", "red", "-c", "green"], ["buy", "turret", "red", "-c", "green"],
        ["buy", "window", "red", "-c", "violet"], ["buy", "window", "red", "-c", "violet"],
        # Tina: a red tower of 3 (base, window, turret); Paul: a red tower of 2
        ["build", "3", "red", "base", "window", "turret", "-c", "yellow"],
        ["build", "2", "red", "base", "turret", "-c", "yellow"],
    ]
    for m in moves:
        result = cli(*m)
        assert result.exit_code == 0, (m, result.output)
    # Paul's build: the new tower's parts say its height; the ledger says it too
    assert "new red tower: base, turret" in result.stdout
    status = cli("status").stdout
    assert "red (3)" in status and "red (2)" in status
    towers = [p["towers"] for p in json.loads(cli("status", "--json").stdout)["players"]]
    assert towers[0][0]["name"] == "red" and towers[0][0]["height"] == 3
    ledger = [e["explanation"] for e in json.loads(cli("score", "--json").stdout)["ledger"]]
    assert ledger == ["built 3 sections on plot 3: red new, 3 high",
                      "built 2 sections on plot 2: red new, 2 high"]
    # Tina adds to her red tower: the move line and the ledger say its new height, 3 + 2
    for m in (["bank", "12", "-c", "red"], ["bank", "8", "-c", "red"],
              ["buy", "trunk", "red", "-c", "blue"], ["buy", "trunk", "red", "-c", "blue"],
              ["build", "1", "red", "trunk", "-c", "yellow"]):  # Tina's red: 4 high
        result = cli(*m)
        assert result.exit_code == 0, (m, result.output)
    assert "(red now 4 high)" in result.stdout
    # Paul: plots 1 to 3 are taken, so plot 4 for one section (R3.2); his red: 3 high
    result = cli("build", "4", "red", "trunk", "-c", "yellow")
    assert result.exit_code == 0, result.output
    assert "builds 1 section on plot 4 for 4 (a yellow buyer): red +trunk (red now 3 high)" in (
        " ".join(result.stdout.split()))


def test_status_towers_fit_80_columns() -> None:
    sample = Path(__file__).resolve().parent.parent / "sample_games" / "three-player-basic.toml"
    result = runner.invoke(app, ["status", str(sample)], env={"COLUMNS": "80"})
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    # Anna's towers, one line each, named as `build` names them: two brown, one white
    assert any(line.strip().startswith("brown 2 (3)") for line in lines)
    assert any("Anna" in line and "brown 1 (4)" in line for line in lines)


# --- wording -------------------------------------------------------------------------------


def test_a_forgotten_gold_word_gets_a_hint(table: Path) -> None:
    assert cli("buy", "base", "gold", "red", "-c", "blue").exit_code == 0
    assert cli("bank", "8", "-c", "red").exit_code == 0
    result = cli("build", "2", "red", "base", "turret", "-c", "green")
    assert result.exit_code == 1
    said = " ".join(result.stderr.split())
    # the turret is missing too; the hint is about the base she holds with gold
    assert "Tina has no red base behind the screen (and 1 more missing)" in said
    assert "Tina has a gold red base: say gold base [R3.2]" in said


def test_one_plot_below_is_named_once(table: Path) -> None:
    assert cli("buy", "base", "red", "-c", "blue").exit_code == 0
    assert cli("bank", "8", "-c", "red").exit_code == 0
    result = cli("build", "2", "red", "base", "-c", "green")
    # 1 section on plot 2 needs plot 1 taken (R3.2); the message no longer says "plots 1..1"
    assert "1 section on plot 2 needs plot 1 occupied; plot 1 is vacant" in result.stderr
    assert "the log" not in result.stderr  # a typed command is not the log


def test_a_matching_checkpoint_says_so(table: Path) -> None:
    result = cli("checkpoint", "Tina=0", "Paul=0", "-m", "Tina=20")
    assert result.exit_code == 0, result.output
    assert "(agrees with the moves recorded)" in " ".join(result.stdout.split())
    result = cli("checkpoint", "Tina=1")
    assert result.exit_code == 1
    assert "the moves recorded give 0" in result.stderr


# --- redo ----------------------------------------------------------------------------------


def test_redo_brings_back_what_undo_removed(table: Path) -> None:
    for m in (["buy", "window", "black", "-c", "blue"], ["bank", "8", "-c", "red"]):
        assert cli(*m).exit_code == 0
    full = table.read_text("utf-8")
    assert cli("undo").exit_code == 0
    assert cli("undo").exit_code == 0
    assert len(read_log(table).events) == 0
    result = cli("redo")
    assert result.exit_code == 0 and result.stdout.startswith("redone: Tina buys")
    result = cli("redo")
    assert result.exit_code == 0 and result.stdout.startswith("redone: Paul takes 8")
    assert table.read_text("utf-8") == full  # byte for byte, comments and all
    assert not (table.parent / ".game.toml.redo.toml").exists()  # nothing left behind
    result = cli("redo")
    assert result.exit_code == 2 and "nothing to redo" in result.stderr


def test_a_new_move_ends_the_redo(table: Path) -> None:
    assert cli("buy", "window", "black", "-c", "blue").exit_code == 0
    assert cli("undo").exit_code == 0
    assert cli("buy", "window", "white", "-c", "blue").exit_code == 0
    result = cli("redo")
    assert result.exit_code == 2 and "nothing to redo" in result.stderr
    assert [e.action.tile.colour.value for e in read_log(table).events] == ["white"]


def test_redo_refuses_a_log_edited_since(table: Path) -> None:
    assert cli("buy", "window", "black", "-c", "blue").exit_code == 0
    assert cli("undo").exit_code == 0
    undone = table.read_text("utf-8")
    table.write_text(undone + "# a note added by hand\n", "utf-8")
    result = cli("redo")
    said = " ".join(result.stderr.split())
    assert result.exit_code == 2 and "is not the log the last undo left" in said
    assert "redo file" in said and "is kept" in said
    assert len(read_log(table).events) == 0
    # the undone move is not lost: with the log as the undo left it, redo brings it back
    table.write_text(undone, "utf-8")
    assert cli("redo").exit_code == 0 and len(read_log(table).events) == 1


def test_status_screens_wrap_between_tiles_at_80_columns(tmp_path: Path) -> None:
    # A simulated game whose random player leaves many tiles unbuilt: the screens' table
    # wraps each list across the width, and every tile held is named in its player's row.
    from asara_cli.games.asara.rules.engine import replay
    from asara_cli.games.asara.simulate import simulate_game
    from asara_cli.logfile.board import load_board
    from asara_cli.logfile.game import LogHeader, log_to_text

    board = load_board()
    game = simulate_game(board, 9001, 4, pro=False)
    log = tmp_path / "g.toml"
    log.write_text(log_to_text(LogHeader(game.setup), game.events), "utf-8")
    players = replay(board, game.setup, game.events).state.players
    assert max(len(p.screen) for p in players) >= 10  # the case this test is about
    result = runner.invoke(app, ["status", str(log), "--full"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    words = " ".join(result.stdout.split())
    table = words[words.index("not built") + len("not built"):words.index("areas this year")]
    rows = table.strip(" ─").split(" ")
    for i, p in enumerate(players):
        # the row: from the player's name to the next player's (basic game: no lighted windows)
        begin = rows.index(p.name) + 1
        end = rows.index(players[i + 1].name) if i + 1 < len(players) else len(rows)
        listed = " ".join(rows[begin:end])
        named: list[str] = []
        for item in ([] if listed == "-" else listed.split(", ")):
            count, x, what = item.partition(" x ")
            named += [what] * int(count) if x else [item]
        assert sorted(named) == sorted(str(t) for t in p.screen), p.name


@pytest.mark.parametrize("width", [16, 24, 33, 40, 57, 80])
def test_the_screens_list_wraps_between_items_only(width: int) -> None:
    # rich wraps a cell at any space, which split "2 x black base" over two lines; the
    # screens' list wraps only after a comma, unless one item is wider than the cell.
    from rich.console import Console

    from asara_cli.render.phrases import Phrases

    items = ["2 x black base", "gold red window", "1 lighted window (colour secret)",
             "white turret", "3 x green trunk", "brown window"]
    console = Console(width=width, file=io.StringIO(), markup=False)
    with console.capture() as captured:
        console.print(Phrases(items=items))
    lines = [line.rstrip() for line in captured.get().splitlines()]
    assert " ".join(lines) == ", ".join(items)  # nothing lost, nothing added
    assert max(len(line) for line in lines) <= width
    if width >= len(max(items, key=len)):  # every item fits: each line is whole items
        assert all(line.endswith(",") for line in lines[:-1]), lines
        assert all(piece in items for line in lines for piece in line.rstrip(",").split(", "))
