"""Smaller frictions of the session and the commands (issue 36, point 6), each with a test:
a hint the session prints names its commands as typed there, a count in the toolbar, the
examples of the help, a refusal that says the real mistake, a genie's wish that leaves its
space free, a check that cannot know a card drawn, and `asara moves --log`. Terminals are
80x40 (pexpect); every wait is on what the session prints, never a sleep."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from samples import cut_sample
from terminal import CURSOR_ASKED, CURSOR_SAID, Terminal, env, prompt
from test_play_asks import _DAYS


@pytest.fixture
def spawned() -> Iterator[list[pexpect.spawn]]:
    children: list[pexpect.spawn] = []
    yield children
    for c in children:
        if c.isalive():
            c.terminate(force=True)


def _spawn(tmp_path: Path, children: list[pexpect.spawn], *args: str) -> pexpect.spawn:
    child = Terminal(sys.executable, ["-m", "asara_cli", *args], cwd=str(tmp_path),
                     env=env(tmp_path), dimensions=(40, 80), encoding="utf-8",
                     timeout=60)
    children.append(child)
    return child


# --- the hints of a new game started in the session ------------------------------------------


@pytest.mark.parametrize(("lang", "options", "first", "hint"), [
    # the year-1 deal of the Caliph's gifts: `gifts ...`, not `asara gifts ...`
    ("en", "-p Tina -p Paul --gifts --start Tina", "Tina", "gifts base"),
    # Yspahan's first roll, in German: `würfeln ...`, not `asara würfeln ...`
    ("de", "-p Tina -p Paul -p Anna --game yspahan --oldest Tina", "Tina", "würfeln"),
])
def test_the_hints_of_a_new_game_name_the_session_s_commands(
        tmp_path: Path, spawned: list[pexpect.spawn], lang: str, options: str, first: str,
        hint: str) -> None:
    table = _spawn(tmp_path, spawned, "--lang", lang, "play", "n.toml")
    prompt(table, "neu" if lang == "de" else "new")
    table.sendline(options)
    table.expect(CURSOR_ASKED)  # the session's prompt about to be drawn: what came before
    said = " ".join(str(table.before).split())
    table.send(CURSOR_SAID)
    table.expect(f"{first}>")
    table.sendline("quit")
    table.expect(pexpect.EOF)
    assert hint in said
    assert f"asara {hint}" not in said


# --- the toolbar's count of buyers ------------------------------------------------------------


@pytest.mark.parametrize(("buyers", "said"), [(1, "1 buyer |"), (2, "2 buyers |"),
                                              (0, "0 buyers |")])
def test_the_toolbar_counts_the_mover_s_buyers(buyers: int, said: str) -> None:
    from msgspec.structs import replace

    from asara_cli.games import game
    from asara_cli.games.asara.rules.state import GameState
    from asara_cli.logfile.board import load_board

    asara = game("asara")
    board = load_board(None, "asara")
    setup, _events = asara.simulate(board, 0, 2, frozenset(), ("Tina", "Paul"))
    state = asara.recording().position(asara.replay(board, setup, ()))
    assert isinstance(state, GameState) and state.turn is not None
    players = list(state.players)
    mover, other = players[state.turn], players[1 - state.turn]
    players[state.turn] = replace(mover, buyers=buyers)
    line = asara.recording().situation(  # type: ignore[attr-defined]
        board, replace(state, players=tuple(players)))
    assert (f"{mover.name} to move: {mover.money} Asari, {said} buyers left: {other.name} "
            f"{other.buyers}") in line


# --- the buyer colours of the help's examples -------------------------------------------------


def test_the_examples_place_buyers_of_a_buyer_colour() -> None:
    """A buyer card's colour is never a tower colour (R1, RULES.md: "colours are not tower
    colours"; the rulebook names blue, violet): each example of ASARA's move commands
    places a buyer of a colour the rulebook names."""
    import re

    from asara_cli.games.asara.commands import MOVES
    from asara_cli.games.asara.rules.model import Colour

    placed = []
    for name, command in MOVES:
        example = (command.__doc__ or "").partition("Example:")[2]
        placed += [(name, c) for c in re.findall(r"(?:--card|-c) (\w+)", example)]
    assert len(placed) >= 8  # buy, build, bank, bribe, caliph, recruit, lighted, genie
    assert {c for _name, c in placed} <= {"blue", "violet"}
    assert not {c for _name, c in placed} & {str(c) for c in Colour}


# --- a refusal of tiles the player holds fewer of than the build places ----------------------

_SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


@pytest.fixture
def tina_holds_a_red_trunk(tmp_path: Path) -> Path:
    """pro-gifts-genie.toml after event 40: Tina to move in year 2, holding (status --full)
    gold green base, red trunk, gold black trunk, white trunk and two lighted windows; her
    one tower is white; plot 2 is taken (by her), Tina has 0 Asari."""
    import re

    text = (_SAMPLES / "pro-gifts-genie.toml").read_text(encoding="utf-8")
    parts = re.split(r"(?m)^(?=\[\[event\]\])", text)
    log = tmp_path / "g.toml"
    log.write_text("".join(parts[:41]), encoding="utf-8")
    return log


@pytest.mark.parametrize(("move", "said", "not_said"), [
    # one red trunk held, two placed: the count is the mistake, not a red trunk missing
    ("build 3 white trunk red trunk trunk", "the build places 2 x red trunk; Tina has only 1 "
     "behind the screen [R3.2]", "no red trunk"),
    ("build 3 white trunk trunk trunk", "the build places 3 x white trunk; Tina has only 1 "
     "behind the screen [R3.2]", "no white trunk"),
    # none held at all: said so
    ("build 1 white window", "Tina has no white window behind the screen [R3.2]",
     "has only"),
    # the gold word wrong: the hint, as before
    ("build 1 white gold trunk", "Tina has no gold white trunk behind the screen; Tina has a "
     "white trunk, without gold: leave out gold [R3.2]", "has only"),
])
def test_a_build_of_more_tiles_than_held_says_how_many(
        tina_holds_a_red_trunk: Path, move: str, said: str, not_said: str) -> None:
    from typer.testing import CliRunner

    from asara_cli.cli import app

    result = CliRunner().invoke(app, ["check", *move.split(), "-c", "blue", "-l",
                                      str(tina_holds_a_red_trunk)])
    assert result.exit_code == 1
    text = " ".join(result.stderr.split())
    assert said in text
    assert not_said not in text


# --- a wish of the Bottle Genie leaves its space without a buyer --------------------------------


def test_a_genie_build_says_its_plot_takes_no_buyer(tmp_path: Path) -> None:
    """pro-gifts-genie.toml's event 19: Lena wishes for a build on plot 1 (R6.2, X8); the
    move line says no buyer goes there, and the status shows plot 1 free."""
    from typer.testing import CliRunner

    from asara_cli.cli import app

    log = cut_sample("pro-gifts-genie.toml", 18, tmp_path / "g.toml")
    runner = CliRunner()
    done = runner.invoke(app, ["build", "1", "red", "gold", "window", "--genie", "3", "-c",
                               "violet", "-l", str(log)])
    assert done.exit_code == 0, done.stderr
    assert ("wish: Lena builds on plot 1 for 1: red +gold window; no buyer goes to plot 1"
            in " ".join(done.stdout.split()))
    status = runner.invoke(app, ["status", str(log), "--format", "json"])
    circle = [a for a in json.loads(status.stdout)["areas"] if a["area"] == "circle"]
    assert 1 in circle[0]["free"]


@pytest.mark.parametrize(("number", "said"), [
    (19, "wish: Lena builds on plot 1 for 1: red +gold window; no buyer goes to plot 1"),
    (27, "no buyer goes to space 2"),   # a bank wish: the bank's space 2
    (21, "; wish: Tina recruits"),      # the tent: no space named, nothing said of one
])
def test_the_genie_s_move_line_names_the_space_without_a_buyer(number: int, said: str
                                                                ) -> None:
    from asara_cli.logfile.board import load_board
    from asara_cli.logfile.game import read_log

    log = read_log(_SAMPLES / "pro-gifts-genie.toml")
    text = log.header.rules.move_text(load_board(None, "asara"), log.events[number - 1])
    assert said in text
    assert number != 21 or "no buyer goes" not in text


# --- `asara moves --log` ----------------------------------------------------------------------


@pytest.mark.parametrize(("args", "code"), [
    (["LOG"], 0),
    (["--log", "LOG"], 0),
    (["-l", "LOG"], 0),
    (["LOG", "--log", "LOG"], 0),      # the same log twice: as good as once
    (["OTHER", "--log", "LOG"], 2),    # two logs: which one is not guessed
])
def test_moves_takes_the_log_as_the_recording_commands_do(
        tmp_path: Path, args: list[str], code: int) -> None:
    from typer.testing import CliRunner

    from asara_cli.cli import app

    log = cut_sample("pro-gifts-genie.toml", 18, tmp_path / "g.toml")
    other = cut_sample("pro-gifts-genie.toml", 17, tmp_path / "o.toml")
    given = [str(log) if a == "LOG" else str(other) if a == "OTHER" else a for a in args]
    runner = CliRunner()
    result = runner.invoke(app, ["moves", *given, "--format", "json"], env={"ASARA_LOG": ""})
    assert result.exit_code == code, result.stderr
    if code:
        assert "names another log" in " ".join(result.stderr.split())
        assert not result.stdout
        return
    listed = json.loads(result.stdout)
    assert (listed["player"], listed["at"]) == ("Lena", 18)


# --- a check cannot know the card a caravanserai draws ----------------------------------------

# Yspahan, hands open: test_play_asks's days (_DAYS) leave Ann to move on day 7 of week 1.
#: Ann builds the caravanserai (3 gold, 3 camels) with two cubes in bag3 (W3, S1): Ben to
#: move; the supervisor stands on C, and a 1 (the camels row) takes it to W1, facing the
#: cube of bag3.
_BUILT = "goods bag bag3 W3 bag3 S1 --build caravanserai\n"


@pytest.fixture(scope="module")
def _serai(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from terminal import asara

    where = tmp_path_factory.mktemp("serai")
    made = asara(where, "new", "y.toml", "--game", "yspahan", "-p", "Ann", "-p", "Ben",
                 "-p", "Cid", "--no-use")
    assert made.returncode == 0, made.stderr
    ran = asara(where, "play", "y.toml", stdin=_DAYS + _BUILT)
    assert ran.returncode == 0, ran.stderr
    text = (where / "y.toml").read_text(encoding="utf-8")
    (where / "day7.toml").write_text(text[:text.rindex("[[event]]")], encoding="utf-8")
    return where


@pytest.mark.parametrize(("log", "move", "code", "said"), [
    # Ben's supervisor sends Ann's cube: her caravanserai draws; a check takes a card
    ("y.toml", "check supervisor camels W1", 0,
     "note: a check cannot know the card Ann's caravanserai draws: it takes camelvp"),
    ("y.toml", "supervisor camels W1 --dry-run", 0,
     "note: a check cannot know the card Ann's caravanserai draws: it takes camelvp"),
    # the card named: nothing taken, nothing said of it
    ("y.toml", "check supervisor camels W1 --draws gold3", 0, "bag3 (caravanserai draw: gold3)"),
    # the caravan card after building the caravanserai: the same
    ("day7.toml", "check goods bag bag3 W3 bag3 S1 --build caravanserai --last caravan", 0,
     "note: a check cannot know the card Ann's caravanserai draws: it takes camelvp"),
    # the card action's draw: the same, said of the mover, not of a caravanserai
    ("y.toml", "check draw --row camels", 0,
     "note: a check cannot know the card Ben draws: it takes camelvp"),
    # recorded, the card is the table's to say: refused until named (exit 2)
    ("y.toml", "supervisor camels W1", 2, "which card is drawn (Ann's caravanserai, for "
     "the cube of bag3)?"),
])
def test_a_check_takes_any_card_for_a_caravanserai_s_draw(
        _serai: Path, log: str, move: str, code: int, said: str) -> None:
    """camelvp: of the kinds the deck still holds (open hands), one of those it holds most
    of, the first by name: 9 kinds x 2 (Y1.5), and camels3, gold3, goldvp, exchange, souk
    and caravan drawn once each, so camelvp, nocamels and nogold are there twice."""
    from typer.testing import CliRunner

    from asara_cli.cli import build_app

    args = [*move.split(), "-l", str(_serai / log)]
    before = (_serai / log).read_bytes()
    result = CliRunner().invoke(build_app(None, args), args)
    assert result.exit_code == code, result.output
    text = " ".join(result.output.split())
    assert said in text
    assert ("cannot know" in text) == ("note:" in said)
    assert (_serai / log).read_bytes() == before
