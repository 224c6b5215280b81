"""Yspahan's recording commands (games/yspahan/commands.py) through CliRunner on a fresh Typer
group, as the command line will run them once it picks the command set by the log's game:
exit codes, nothing written on refusal, stderr naming the rule, "did you mean" on words,
and a whole simulated game recorded command by command gives the simulator's log."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result
from yspahan_helpers import board

from asara_cli.cli.recording import carry_out
from asara_cli.games.yspahan.codec import play_text
from asara_cli.games.yspahan.commands import register
from asara_cli.games.yspahan.rules.engine import advance
from asara_cli.games.yspahan.rules.events import (
    Camels,
    Checkpoint,
    Draw,
    Event,
    Gold,
    Goods,
    Roll,
    Send,
    Shop,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.rules.state import GameState, new_table, snapshot
from asara_cli.games.yspahan.simulate import simulate_game
from asara_cli.logfile.game import read_log

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer(result_callback=carry_out)  # a move command returns its move

    @app.callback()
    def root() -> None:
        """The group the commands are registered into."""

    register(app)
    return app


APP = _app()


def run(*args: str) -> Result:
    return runner.invoke(APP, list(args), env={"COLUMNS": "80"})


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new 3-player game, remembered as the log in use; Ben is the oldest."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    result = run("new", "g.toml", "-p", "Ann", "-p", "Ben", "-p", "Cid", "--oldest", "ben",
                 "-c", "blue", "-c", "Re", "-c", "green")
    assert result.exit_code == 0, result.output
    return tmp_path / "g.toml"


def test_new_writes_the_header(game: Path) -> None:
    log = read_log(game)
    assert log.header.game == "yspahan" and log.events == ()
    assert log.header.setup.players == ("Ann", "Ben", "Cid")
    assert log.header.setup.oldest == 1  # Ben, typed in lower case
    assert log.header.setup.colours == ("blue", "red", "green")  # "Re": red by prefix
    assert (game.parent / ".asara-state.toml").exists()


@pytest.mark.parametrize(("args", "code", "said"), [
    (["-p", "Ann", "-p", "Ben"], 1, "[Y1]"),  # 3 to 4 players
    (["-p", "Ann", "-p", "Ben", "-p", "Cid", "--game", "asara"], 2, "starts a Yspahan game"),
    (["-p", "Ann", "-p", "Ben", "-p", "Cid", "-c", "purple"], 2, "not a player colour"),
    (["-p", "Ann", "-p", "ann", "-p", "Cid"], 2, "two players are named"),
    (["-p", "Ann", "-p", "Ben", "-p", "Cid", "--oldest", "Zed"], 2, "not a player"),
])
def test_new_refuses_a_table_it_cannot_lay(tmp_path: Path, args: list[str], code: int,
                                           said: str) -> None:
    log = tmp_path / "n.toml"
    result = run("new", str(log), *args, "--no-use")
    assert result.exit_code == code and said in result.stderr, result.output
    assert not log.exists()


def test_new_accepts_its_own_game(tmp_path: Path) -> None:
    log = tmp_path / "n.toml"
    result = run("new", str(log), "-p", "A", "-p", "B", "-p", "C", "-g", "yspahan",
                 "--secret", "--no-use")
    assert result.exit_code == 0, result.output
    assert read_log(log).header.setup.hands == "secret"


def test_a_day_recorded_and_the_moves_the_referee_refuses(game: Path) -> None:
    # the rulebook's roll (Y2.4): 9 white + 2 yellow; Ben is the start player
    assert run("roll", "1", "1", "3", "3", "5", "5", "6", "6", "6", "-y", "1 2").exit_code == 0
    before = game.read_bytes()
    refused = run("camels", "--player", "Ann")  # Ben's turn
    assert refused.exit_code == 1
    assert "[Y2.1]" in refused.stderr and "nothing was written" in refused.stderr
    assert game.read_bytes() == before
    done = run("camels")  # camels row: 3 ones (one yellow) -> 3 camels
    assert done.exit_code == 0 and "3 camels" in done.stdout, done.output
    short = run("goods", "barrel", "barrel8")  # 2 dice: place 2 (Y6.6)
    assert short.exit_code == 1 and "[Y6.6]" in short.stderr and "2 dice" in short.stderr
    assert run("goods", "chest", "chest8", "N2", "chest8").exit_code == 0
    events = read_log(game).events
    # "chest8" alone: an inner shop (chest8 has two, and inner shops are alike)
    assert events[-1] == Turn("Cid", "chest", Goods((Shop("chest8", "N2"),
                                                     Shop("chest8", "inner"))))
    legal = run("check", "supervisor", "gold", "W5")  # 3 sixes: 5 cells, 1 gold change
    assert legal.exit_code == 0 and "legal, not recorded" in legal.stdout
    assert run("supervisor", "gold", "w5", "--dry-run").exit_code == 0
    assert len(read_log(game).events) == 3  # nothing written by either
    poor = run("supervisor", "gold", "W1")  # 5 steps of change, Ann has 2 gold
    assert poor.exit_code == 1 and "[Y3.5]" in poor.stderr


@pytest.mark.parametrize(("args", "said"), [
    (["goods", "chest", "chest9"], "did you mean chest8"),
    (["supervisor", "gould", "W5"], "did you mean gold"),
    (["supervisor", "gold", "W12"], "not a street cell"),
    (["camels", "--build", "pastur"], "pasture"),  # a unique prefix is understood ...
    (["camels", "--build", "pastrue"], "did you mean pasture"),
    (["camels", "--discard", "gold"], "ambiguous"),  # gold3 or goldvp
    (["camels", "--play", "golvp 3"], "did you mean goldvp"),
    (["draw", "--row", "bag"], "which card is drawn"),
])
def test_words_are_understood_by_prefix_and_typos_get_a_suggestion(
        game: Path, args: list[str], said: str) -> None:
    assert run("roll", "113355666", "-y", "12").exit_code == 0
    result = run(*args)
    assert said in result.output, result.output
    if args[:3] != ["camels", "--build", "pastur"]:
        assert result.exit_code == 2


def test_a_move_on_a_log_of_another_game_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "asara.toml"
    log.write_text('format = 1\nplayers = ["A", "B"]\nstart = "A"\n', "utf-8")
    result = run("camels", "--log", str(log))
    # the temporary path moves where the lines break
    assert result.exit_code == 2 and "a game of ASARA" in " ".join(result.stderr.split())


def test_no_log_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    result = run("roll", "123456123")
    assert result.exit_code == 2 and "which log?" in result.stderr


# --- a whole simulated game, recorded command by command ---------------------------------------


def command(event: Event, state: GameState) -> list[str]:
    """The command line that records ``event`` at ``state``."""
    if isinstance(event, Roll):
        args = ["roll", *map(str, event.white)]
        args += ["-y", " ".join(map(str, event.yellow))] if event.yellow else []
        return args + [x for p in event.plays for x in ("--play", play_text(p))]
    if isinstance(event, Checkpoint):
        args = ["checkpoint", *(f"{n}={v}" for n, v in event.scores)]
        args += [x for n, v in event.gold for x in ("--gold", f"{n}={v}")]
        return args + [x for n, v in event.camels for x in ("--camels", f"{n}={v}")]
    assert isinstance(event, Turn)
    a = event.action
    if isinstance(a, Camels):
        args = ["camels"]
    elif isinstance(a, Gold):
        args = ["gold"]
    elif isinstance(a, Goods):
        assert event.row is not None
        args = ["goods", event.row, *(f"{s.souk} {s.cell}" for s in a.shops)]
    elif isinstance(a, Supervisor):
        assert event.row is not None
        args = ["supervisor", event.row, a.to]
        for s in a.sends:
            args += ["--order", s.souk]
            args += ["--camel" if s.camel else "--no-camel", s.souk]
            si = board().souk_index(s.souk)
            assert si is not None
            owner = state.souks[si].owner
            assert owner is not None
            if "caravanserai" in state.players[owner].buildings:
                args += ["--draws", s.card or "none"]
    else:
        assert isinstance(a, Draw)
        args = ["draw", a.card or "none"] + (["--row", event.row] if event.row else [])
    args += [x for p in event.before for x in ("--play", play_text(p))]
    args += ["--discard", event.discard] if event.discard else []
    args += [x for p in event.after for x in ("--after", play_text(p))]
    if event.build is not None:
        args += ["--build", event.build.building]
        args += [x for c in event.build.cards for x in ("--with", c)]
    args += [x for p in event.last for x in ("--last", play_text(p))]
    return [*args, "--player", event.player]


@pytest.mark.parametrize(("seed", "players"), [(11, 3), (12, 4)])
def test_a_simulated_game_recorded_by_the_commands_is_the_same_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int, players: int) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ASARA_LOG", str(tmp_path / "sim.toml"))
    b = board()
    sim = simulate_game(b, seed, players)
    args = ["new", "sim.toml", *(x for p in sim.setup.players for x in ("-p", p)),
            "--oldest", sim.setup.players[sim.setup.oldest], "--no-use",
            *(x for c in sim.setup.colours for x in ("-c", c))]
    assert run(*args).exit_code == 0
    state = snapshot(new_table(b, sim.setup))
    weeks = 0
    for event in sim.events:
        result = run(*command(event, state))
        assert result.exit_code == 0, (command(event, state), result.output)
        weeks += "End of week" in result.stdout
        state = advance(b, state, event)
    assert read_log(tmp_path / "sim.toml").events == sim.events
    assert weeks == b.weeks


def test_with_secret_hands_a_draw_is_hidden_and_the_card_is_named_when_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    assert run("new", "s.toml", "-p", "Ann", "-p", "Ben", "-p", "Cid", "--secret").exit_code == 0
    assert run("roll", "113355666").exit_code == 0
    assert run("draw", "--row", "gold").exit_code == 0  # Ann: a card, unnamed
    assert run("camels").exit_code == 0
    assert run("goods", "barrel6", "barrel6").exit_code == 0
    assert run("roll", "123456123").exit_code == 0  # Ben's day
    assert run("gold").exit_code == 0
    assert run("camels").exit_code == 0
    played = run("goods", "chest4", "W2", "--play", "gold3")  # Ann names her hidden card
    assert played.exit_code == 0, played.output
    events = read_log(tmp_path / "s.toml").events
    assert events[1] == Turn("Ann", "gold", Draw("hidden"))
    assert events[-1].before[0].kind == "gold3"
    again = run("check", "roll", "123456123", "--play", "gold3")  # Cid holds no card
    assert again.exit_code == 1 and "[Y2.8]" in again.stderr


def test_the_caravan_names_players_apart() -> None:
    from asara_cli.games.yspahan.screens import short_names

    assert short_names(["Anna", "Ann", "Ben"]) == ["Anna", "Ann", "Ben"]
    assert short_names(["Tina", "Tim", "Paul"]) == ["Tin", "Tim", "Pau"]


def test_a_cube_placed_by_a_card_this_turn_can_be_sent(game: Path) -> None:
    """Ben plays the souk card into vase4 (facing E1) and sends that cube with the
    supervisor in the same turn (Y3.9, Y3.5): --order names what the log cannot know yet."""
    assert run("roll", "113355666").exit_code == 0
    assert run("draw", "souk", "--row", "camels").exit_code == 0  # Ben
    assert run("gold").exit_code == 0  # Cid
    assert run("goods", "barrel", "barrel6", "E4", "barrel6", "E6").exit_code == 0  # Ann
    assert run("roll", "111222666").exit_code == 0  # Cid rolls day 2
    assert run("goods", "bag", "bag3", "W3", "bag3", "S2", "bag3").exit_code == 0  # Cid
    assert run("gold").exit_code == 0  # Ann
    # Ben: the camel row's value 1 takes the supervisor from C to E1 for nothing
    sent = run("supervisor", "camels", "E1", "--play", "souk vase4 E1", "--order", "vase4")
    assert sent.exit_code == 0, sent.output
    last = read_log(game).events[-1]
    assert isinstance(last, Turn) and last.action == Supervisor("E1", (Send("vase4"),))
    assert "+2 points" in sent.stdout  # the 1st camel (Y4.1)


def test_a_group_holding_another_games_new_gets_none_of_these() -> None:
    """Until the command line picks one game's command set, ASARA keeps its names."""
    app = typer.Typer()

    @app.command("new")
    def other_new() -> None:
        """Another game's new."""

    register(app)
    assert [c.name for c in app.registered_commands] == ["new"]
    fresh = typer.Typer()
    register(fresh, "roll")
    assert [c.name for c in fresh.registered_commands] == ["roll"]


def test_a_yspahan_move_ends_the_redo_as_an_asara_move_does_and_says_whose_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Through the command line's entry (run): a refusal ends with whose turn it still is;
    a move recorded after an undo ends what redo could bring back (logfile/record.append),
    and a redo file in the way leaves the log as it was."""
    from asara_cli.cli import run
    from asara_cli.logfile.record import redo_path

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    log = tmp_path / "y.toml"
    assert run(["new", "y.toml", "--game", "yspahan", "-p", "Tina", "-p", "Paul", "-p",
                "Anna"]) == 0
    assert run(["roll", "113355666", "-y", "12"]) == 0
    capsys.readouterr()
    assert run(["goods", "chest", "chest8", "N2"]) == 1
    said = " ".join(capsys.readouterr().err.split())
    assert "nothing was written; it is still Tina's turn" in said
    assert run(["camels"]) == 0
    assert run(["undo"]) == 0
    assert redo_path(log).exists()
    assert run(["gold"]) == 0
    assert not redo_path(log).exists()  # the move ended the redo
    assert run(["undo"]) == 0
    before = log.read_bytes()
    redo_path(log).unlink()
    redo_path(log).mkdir()  # a folder in the redo file's place
    assert run(["camels"]) == 2
    assert log.read_bytes() == before
