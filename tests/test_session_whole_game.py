"""A whole game recorded through the table session and the same game recorded one shot at
a time give the same log (issue 29, points 2 and 8; the "done when").

A seeded simulated game (``asara simulate``) of each game is turned into the lines a table
types: each move in the words ``asara moves`` lists for it (the game's ``legal_moves``), with
the options a move takes beyond what is listed (Yspahan's cards played after the row and its
building), and each fact of chance in the words of its command (ASARA's display, gifts dealt
and checkpoints; Yspahan's rolls and checkpoints). The lines go to ``asara play LOG`` on
stdin, not a terminal, in one process; the same lines are run as one-shot commands on a
second log. Both logs validate, hold the same events, and score the same as the simulated
log itself, to the last ledger line."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest
from test_asara_moves_complete import canonical, listed_form
from typer.testing import CliRunner, Result

from asara_cli.cli import build_app
from asara_cli.games.asara.rules.events import Checkpoint as AsaraCheckpoint
from asara_cli.games.asara.rules.events import Display, GiftsDealt
from asara_cli.games.asara.rules.events import Turn as AsaraTurn
from asara_cli.games.asara.rules.model import Variant
from asara_cli.games.base import LegalMove
from asara_cli.games.yspahan.codec import play_text
from asara_cli.games.yspahan.moves import core
from asara_cli.games.yspahan.rules.events import Checkpoint as YspahanCheckpoint
from asara_cli.games.yspahan.rules.events import Roll
from asara_cli.games.yspahan.rules.events import Turn as YspahanTurn
from asara_cli.logfile.game import GameLog, load_log_board, read_log

runner = CliRunner()
NAMES = "Ann,Ben,Cid,Dia"


def cli(*args: str) -> Result:
    """One ``asara`` command in this process, its command set built as ``asara`` builds it
    for these words (the game of ``--game`` or of the log named)."""
    return runner.invoke(build_app(args[0], args), list(args))


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASARA")}
    env.update(COLUMNS="80", LINES="40", PYTHONIOENCODING="utf-8")
    return env


# --- the words of the facts, as their one-shot commands take them ----------------------------


def asara_fact(event: object) -> list[str]:
    """``display``, ``gifts`` and ``checkpoint`` as typed (the log's own spelling of each
    tile and gift, which is also what the commands read)."""
    if isinstance(event, Display):
        args = ["display"]
        for section, tiles in event.areas:
            args.append(section.value)
            for t in tiles:
                args += [*(["gold"] if t.gold else []), t.colour.value]
        return args
    if isinstance(event, GiftsDealt):
        return ["gifts", *(w for area, space, gift in event.gifts
                           for w in (area, str(space), *str(gift).split()))]
    assert isinstance(event, AsaraCheckpoint), event
    return ["checkpoint", *(f"{n}={v}" for n, v in event.prestige),
            *(w for n, v in event.money for w in ("--money", f"{n}={v}"))]


def yspahan_fact(event: object) -> list[str]:
    """``roll`` and ``checkpoint`` as typed."""
    if isinstance(event, Roll):
        return ["roll", *map(str, event.white),
                *(["-y", " ".join(map(str, event.yellow))] if event.yellow else []),
                *(w for p in event.plays for w in ("--play", play_text(p)))]
    assert isinstance(event, YspahanCheckpoint), event
    return ["checkpoint", *(f"{n}={v}" for n, v in event.scores),
            *(w for n, v in event.gold for w in ("--gold", f"{n}={v}")),
            *(w for n, v in event.camels for w in ("--camels", f"{n}={v}"))]


def yspahan_rest(turn: YspahanTurn) -> tuple[YspahanTurn, list[str]]:
    """What ``legal_moves`` lists of a turn (its cards played first, the row, the discard and
    the action), and the options that add the rest: the cards played after the action
    (``--after``), the building and the cards it is paid with (``--build``, ``--with``), the
    cards played after the build (``--last``)."""
    listed = msgspec.structs.replace(turn, after=(), build=None, last=())
    rest = [w for p in turn.after for w in ("--after", play_text(p))]
    if turn.build is not None:
        rest += ["--build", turn.build.building, *(w for c in turn.build.cards
                                                   for w in ("--with", c))]
    rest += [w for p in turn.last for w in ("--last", play_text(p))]
    return listed, rest


def same(board: Any, one: object, other: object) -> bool:
    """The same move whatever the order of its parts: a build's tiles (ASARA), the shops of
    the cubes placed (Yspahan); the list gives them in one order, the simulator in its
    own."""
    if isinstance(one, AsaraTurn) and isinstance(other, AsaraTurn):
        return canonical(one) == canonical(other)
    if isinstance(one, YspahanTurn) and isinstance(other, YspahanTurn):
        return one == msgspec.structs.replace(other, action=one.action) and (
            core(board, one) == core(board, other))
    return one == other


def typed_lines(log: GameLog, to_checkpoint: bool = False
                ) -> tuple[list[str], list[tuple[int, object]]]:
    """The lines a table types for the simulated ``log`` (``to_checkpoint``: up to its first
    checkpoint, the end of ASARA's first year or Yspahan's first week), and the events no
    listed move's words make (each with its number): those are bugs of the words."""
    g = log.header.rules
    board = load_log_board(log)
    rules = g.recording()
    state = rules.position(g.replay(board, log.header.setup, ()))
    lines: list[str] = []
    unsaid: list[tuple[int, object]] = []
    for number, event in enumerate(log.events, 1):
        if isinstance(event, AsaraTurn | YspahanTurn):
            listed, rest = (yspahan_rest(event) if isinstance(event, YspahanTurn)
                            else (event, []))
            moves = tuple(g.legal_moves(board, state))
            words = [m.words for m in moves if m.event == listed]
            if not words:  # the same move, its parts in the order the list gives them
                words = [m.words for m in moves
                         if m.event is not None and same(board, m.event, listed)]
            if not words and isinstance(event, AsaraTurn):
                words = _asara_words(board, state, event, moves)
            if words:
                lines.append(" ".join([words[0], *map(shlex.quote, rest)]))
            else:
                unsaid.append((number, event))
        else:
            fact = asara_fact(event) if g.key == "asara" else yspahan_fact(event)
            lines.append(shlex.join(fact))
            if to_checkpoint and isinstance(event, AsaraCheckpoint | YspahanCheckpoint):
                break
        state = rules.after(rules.apply(board, state, event))
    return lines, unsaid


def _asara_words(board: Any, state: Any, turn: AsaraTurn, moves: Sequence[LegalMove[Any]]
                 ) -> list[str]:
    """An ASARA turn the list holds in its listed form (another gift-free space alike, the
    lighted windows' colours kept secret, a number to read off the board): its own words,
    the list's entry being there."""
    from asara_cli.games.asara.moves import turn_words

    form = listed_form(board, state, turn)
    held = any(m.words == form if isinstance(form, str) else
               m.event is not None and same(board, m.event, form) for m in moves)
    return [turn_words(turn)] if held else []


def new_words(log: GameLog, path: Path) -> list[str]:
    """``asara new`` for the simulated game's table: the same players in the same seats."""
    setup: Any = log.header.setup
    args = ["new", str(path), *(w for p in setup.players for w in ("-p", p)), "--no-use"]
    if log.header.game == "asara":
        args += ["--start", setup.players[setup.start]]
        args += ["--pro"] if setup.variant == Variant.PRO else []
        return args + [f"--{x}" for x in setup.expansions]
    return [*args, "--game", "yspahan", "--oldest", setup.players[setup.oldest],
            *(w for c in setup.colours for w in ("-c", c))]


def scores(path: Path) -> dict[str, Any]:
    """``asara score --format json``, without the log's path."""
    result = cli("score", str(path), "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    data.pop("file")  # where the log is: the one thing that differs
    return data


GAMES = [
    pytest.param(["--players", "4", "--pro", "--gifts", "--genie"], 3,
                 id="asara-pro-gifts-genie-4"),
    pytest.param(["--game", "yspahan", "--players", "4"], 12, id="yspahan-4"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("options", "seed"), GAMES)
def test_a_whole_game_through_the_session_is_the_game_recorded_one_shot_at_a_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: list[str], seed: int
        ) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    made = cli("simulate", "--games", "1", "--seed", str(seed), "--names", NAMES,
               "--out", "sim", *options)
    assert made.exit_code == 0, made.output
    (simulated,) = sorted((tmp_path / "sim").glob("*.toml"))
    sim = read_log(simulated)
    lines, unsaid = typed_lines(sim)
    assert unsaid == [], "moves no listed words make"
    assert len(lines) == len(sim.events)

    # the session: every line from stdin, one process, the position kept between them
    session = tmp_path / "session.toml"
    assert cli(*new_words(sim, session)).exit_code == 0
    typed = "# the whole game, one move a line\n" + "\n".join(lines) + "\n"
    played = subprocess.run([sys.executable, "-m", "asara_cli", "play", str(session)],
                            input=typed, capture_output=True, text=True, env=_env(),
                            timeout=600)
    assert played.returncode == 0, played.stderr[-2000:]
    assert "stopped at line" not in played.stderr and "Traceback" not in played.stderr
    assert f"#{len(lines)}" in played.stdout  # the last line's move line, numbered

    # one shot at a time: the same words, a command each
    one = tmp_path / "one.toml"
    assert cli(*new_words(sim, one)).exit_code == 0
    for number, line in enumerate(lines, 1):
        result = cli(*shlex.split(line), "--log", str(one))
        assert result.exit_code == 0, (number, line, result.output)

    for log in (session, one):
        checked = cli("validate", str(log))
        assert checked.exit_code == 0, checked.output
    events = read_log(session).events
    assert events == read_log(one).events
    assert len(events) == len(sim.events)
    board = load_log_board(sim)
    assert all(same(board, a, b) for a, b in zip(events, sim.events, strict=True))
    assert scores(session) == scores(one) == scores(simulated)
    assert scores(session)["complete"] is True


def test_the_words_of_a_turn_the_list_leaves_out_are_added_as_options() -> None:
    """Yspahan's cards played after the row and the building are options of the listed
    move, not moves of their own (games/yspahan/moves.py): worked by hand."""
    from asara_cli.games.yspahan.rules.events import Build, Draw, Play

    turn = YspahanTurn("Dia", "camels", Draw("camels3"), build=Build("pasture", ("gold3",)),
                       after=(Play("camels3"),), last=(Play("goldvp", k=5),))
    listed, rest = yspahan_rest(turn)
    assert listed == YspahanTurn("Dia", "camels", Draw("camels3"))
    assert rest == ["--after", "camels3", "--build", "pasture", "--with", "gold3",
                    "--last", "goldvp 5"]


def test_the_facts_are_said_as_their_commands_take_them() -> None:
    """The fact words worked by hand against the log format (docs/log-format.md)."""
    assert yspahan_fact(Roll("Ann", (1, 1, 3, 3, 5, 5, 6, 6, 6), (1, 2))) == [
        "roll", "1", "1", "3", "3", "5", "5", "6", "6", "6", "-y", "1 2"]
    assert yspahan_fact(YspahanCheckpoint((("Ann", 11), ("Ben", 6)), (("Ann", 2),))) == [
        "checkpoint", "Ann=11", "Ben=6", "--gold", "Ann=2"]
    assert asara_fact(AsaraCheckpoint((("Ann", 3),), (("Ann", 25),))) == [
        "checkpoint", "Ann=3", "--money", "Ann=25"]

