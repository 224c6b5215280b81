"""Recording a game at the table through the real Typer app (issue 4): a complete game typed
move by move reproduces the hand-checked samples; illegal moves are refused with the rule and
leave the file untouched; undo; the default log; comments kept (RULES.md R2-R5)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from asara_cli.cli import app
from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.rules.events import (
    PAIR,
    Action,
    Bank,
    Bribe,
    Build,
    Buy,
    Caliph,
    Checkpoint,
    Coloured,
    Display,
    Event,
    Genie,
    GiftsDealt,
    Lighted,
    Placement,
    Recruit,
    Turn,
)
from asara_cli.games.asara.rules.gifts import use_text
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.state import Setup
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, event_to_dict, load_log_board, read_log, write_log

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_engine_props import play
from wrapped import messages, unwrap

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p for p in (ROOT / "sample_games").glob("*.toml")
                 if not p.name.endswith(".sheet.toml"))
INVALID = sorted((ROOT / "sample_games" / "invalid").glob("*.toml"))

runner = CliRunner()

GERMAN_COLOUR = {Colour.BROWN: "braun", Colour.GREEN: "grün", Colour.RED: "rot",
                 Colour.BLACK: "schwarz", Colour.WHITE: "weiß"}
GERMAN_SECTION = {Section.BASE: "Basis", Section.TRUNK: "Mittelteil",
                  Section.WINDOW: "Fenster", Section.TURRET: "Spitze"}
SHORT_COLOUR = {Colour.BROWN: "br", Colour.GREEN: "gr", Colour.RED: "r", Colour.BLACK: "bl",
                Colour.WHITE: "wh"}
SHORT_SECTION = {Section.BASE: "bas", Section.TRUNK: "tr", Section.WINDOW: "wi",
                 Section.TURRET: "tu"}


def cli(*args: str, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, list(args), env=env)


# --- a move as a player types it ----------------------------------------------------------------


class Words:
    """How a player spells things: in full, by prefix (``bl``, ``tu``) or in German (at a
    German table: ``--lang de``, its words are its catalogue's)."""

    def __init__(self, style: str) -> None:
        self.style = style

    def colour(self, c: Colour) -> str:
        if self.style == "german":
            return GERMAN_COLOUR[c]
        if self.style == "short":
            return SHORT_COLOUR[c].upper()
        return c.value

    def section(self, s: Section) -> str:
        if self.style == "german":
            return GERMAN_SECTION[s]
        if self.style == "short":
            return SHORT_SECTION[s]
        return s.value

    def tile(self, c: Colour | None, gold: bool) -> list[str]:
        if c is None:
            return []
        return (["gold"] if gold else []) + [self.colour(c)]


def buyer_args(p: Placement, short: bool) -> list[str]:
    if p.buyer is None:
        return []
    if p.buyer == PAIR:
        return ["--pair"]
    assert p.buyer is not None
    return ["-c" if short else "--card", p.buyer]


def either(message: str, **values: str) -> tuple[str, str]:
    """A catalogue message in English and in German (a German-style move answers in German),
    formatted with ``values``."""
    from asara_cli import language
    from asara_cli.core.i18n import _

    language.use("de")
    try:
        german = _(message)
    finally:
        language.use("en")
    return message.format(**values), german.format(**values)


def cli_at(style: str, *args: str) -> Result:
    """``asara ARGS`` at the table a style types at: German words at a German table."""
    from asara_cli import language

    language.use("de" if style == "german" else "en")
    try:
        return cli(*args)
    finally:
        language.use("en")


def command(event: Event, style: str = "plain", player: bool = False) -> list[str]:
    """The ``asara`` arguments a player would type for ``event`` (without --log; the German
    style at a German table: :func:`cli_at`)."""
    w = Words(style)
    short = style == "short"
    if isinstance(event, Display):
        args = ["display"]
        for section, tiles in event.areas:
            args.append(w.section(section))
            for t in tiles:
                args += w.tile(t.colour, t.gold)
        return args
    if isinstance(event, Checkpoint):
        args = ["checkpoint", *(f"{n}={v}" for n, v in event.prestige)]
        for n, v in event.money:
            args += ["--money", f"{n[:2] if short else n}={v}"]
        return args
    if isinstance(event, GiftsDealt):
        args = ["gifts"]
        for area, space, gift in event.gifts:
            args += [area, str(space), *str(gift).split()]
        return args
    assert isinstance(event, Turn)
    p = event.placement
    who = ["--player", p.player[:3] if short else p.player] if player else []
    gifts = [x for u in event.gifts for x in ("--gift", use_text(u))]
    if isinstance(event.action, Genie) and event.action.move is None:  # no wish (X13)
        return ["genie", str(p.space), *buyer_args(p, short), *who]
    if isinstance(event.action, Genie):
        assert event.action.move is not None  # no wish: above
        args = action_args(event.action.move, event.action.space, w, short)
        return [*args, "--genie", str(p.space), *buyer_args(p, short), *gifts, *who]
    return [*action_args(event.action, p.space, w, short), *buyer_args(p, short), *gifts,
            *who]


def action_args(action: Action, space_: int | None, w: Words, short: bool) -> list[str]:
    """The command and arguments for one area's action, without the buyer."""
    space = ["--space", str(space_)] if space_ is not None else []
    if isinstance(action, Buy):
        return ["buy", w.section(action.section), *w.tile(action.colour, action.gold), *space]
    if isinstance(action, Build):
        args = ["build", str(space_)]
        for t in action.new:
            args.append(w.colour(t.colour))
            for part in t.parts:
                args += (["gold"] if part.gold else []) + [w.section(part.section)]
        for i, a in enumerate(action.add):
            words = [w.colour(a.colour)] + ([str(a.tower)] if a.tower != 1 else [])
            for part in a.parts:
                words += (["gold"] if part.gold else []) + [w.section(part.section)]
            if i % 2:
                args += ["--add", " ".join(words)]
            else:
                args += words
        for lw in action.lighted:
            args += ["--light", f"{w.colour(lw.colour)} {lw.tower} "
                                f"{'on gold' if lw.on_gold else 'plain'}"]
        return args
    if isinstance(action, Bank):
        return ["bank", str(action.amount), *space]
    if isinstance(action, Coloured):
        return ["coloured"]
    if isinstance(action, Bribe):
        return ["bribe", str(space_), w.section(action.pile), *w.tile(action.colour, action.gold)]
    if isinstance(action, Caliph):
        return ["caliph"]
    if isinstance(action, Recruit):
        return ["recruit", str(action.cost), *space]
    assert isinstance(action, Lighted)
    args = ["lighted", str(action.pay), *space]
    for c in action.kept:
        args += ["--keep", w.colour(c)]
    return args


def new_args(path: Path, setup: Setup, board: str = "standard") -> list[str]:
    args = ["new", str(path)]
    for name in setup.players:
        args += ["--player", name]
    args += ["--start", setup.players[setup.start]]
    if setup.variant == Variant.PRO:
        args.append("--pro")
    args += [f"--{x}" for x in setup.expansions]
    if board != "standard":
        args += ["--board", board]
    return args


def record_all(path: Path, setup: Setup, events: Sequence[Event], board: str = "standard",
               ) -> list[str]:
    """Record a whole game through the CLI; return every line printed."""
    result = cli(*new_args(path, setup, board), "--no-use")
    assert result.exit_code == 0, result.output
    printed = [result.stdout]
    styles = ("plain", "short", "german")
    for i, event in enumerate(events):
        args = command(event, styles[i % 3], player=i % 4 == 0)
        result = cli_at(styles[i % 3], *args, "--log", str(path))
        assert result.exit_code == 0, (i + 1, args, result.output)
        printed.append(result.stdout)
    return printed


def start_at(path: Path, header: LogHeader, events: Sequence[Event]) -> None:
    """Write a game's first moves straight to a new log, as `asara new` and the typed moves
    would have left it, and check that they are legal: a test then types only the moves it is
    about. (Typing whole games is what the sample and random-game tests above do.)"""
    write_log(path, header, events)
    log = read_log(path)
    result = replay(load_log_board(log), log.header.setup, log.events)
    assert result.valid, result.violations
    assert canonical(log.events) == canonical(events)


def canonical(events: Sequence[Event]) -> list[dict[str, object]]:
    return [event_to_dict(e) for e in events]


def hand_totals(sample: Path) -> dict[str, int]:
    """The hand-checked totals of a sample: from tests/test_samples.py (``GAMES``), else from
    the sample's header comment (``#   Tina:`` ... ``#     total: ... = 72``)."""
    try:
        from test_samples import EXPANSION_GAMES, GAMES
    except ImportError:  # pragma: no cover
        GAMES, EXPANSION_GAMES = {}, {}
    if sample.name in GAMES:
        _, players = GAMES[sample.name]
        return {name: row[3] for name, row in players.items()}
    if sample.name in EXPANSION_GAMES:
        return dict(EXPANSION_GAMES[sample.name][1])
    totals: dict[str, int] = {}
    who = None
    for line in sample.read_text("utf-8").splitlines():
        if not line.startswith("#"):
            break
        m = re.match(r"^#\s{3}(\w+):\s*$", line)
        if m:
            who = m.group(1)
        m = re.match(r"^#\s+total:.*=\s*(\d+)\s*$", line)
        if m and who is not None:
            totals[who] = int(m.group(1))
    return totals


# --- (a) a complete game, recorded only through the CLI -----------------------------------------


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_a_sample_game_recorded_move_by_move_scores_as_hand_checked(
        sample: Path, tmp_path: Path) -> None:
    log = read_log(sample)
    board = log.header.board
    if board != "standard":  # a profile next to the sample: copy it beside the new log
        (tmp_path / board).write_bytes((sample.parent / board).read_bytes())
    path = tmp_path / sample.name
    printed = record_all(path, log.header.setup, log.events, board)

    assert canonical(read_log(path).events) == canonical(log.events)
    assert cli("validate", str(path)).exit_code == 0
    mine = json.loads(cli("score", "--json", str(path)).stdout)
    theirs = json.loads(cli("score", "--json", str(sample)).stdout)
    assert mine["complete"] and mine["valid"]
    got = {p["name"]: p["total"] for p in mine["players"]}
    assert got == {p["name"]: p["total"] for p in theirs["players"]}
    expected = hand_totals(sample)
    assert expected, f"{sample.name} states no hand-checked totals"
    assert got == expected
    assert mine["winners"] == theirs["winners"]

    # Feedback: every year's end shows its evaluation; the last move the final evaluation.
    text = "\n".join(printed)
    for year in (1, 2, 3, 4):
        assert any(m in text for m in either("End of year {year}: evaluation (R4)",
                                               year=str(year)))
    last_turn = max(i for i, e in enumerate(log.events, start=1)
                    if not isinstance(e, Display | Checkpoint))
    assert any(m in printed[last_turn] for m in either("Final evaluation (R5)"))
    # the short summary names the winner(s) from the hand-checked sample
    won = theirs["winners"]
    said = " ".join(printed[last_turn].split())
    summary = ("{player} wins with {points}. Every award and its arithmetic: asara score."
               if len(won) == 1 else
               "{players} share the win with {points}. Every award and its arithmetic: asara "
               "score.")
    assert all(name in said for name in won)
    assert any(m.split("{points}")[0].split("}")[-1] in said for m in either(
        summary, points="{points}", player="{player}", players="{players}"))


@pytest.mark.parametrize("seed,n,variant,start", [(3, 2, Variant.BASIC, 1),
                                                   (5, 3, Variant.PRO, 2),
                                                   (8, 4, Variant.PRO, 0)])
def test_a_random_legal_game_recorded_through_the_cli_replays_the_same(
        tmp_path: Path, seed: int, n: int, variant: Variant, start: int) -> None:
    board = load_board()
    setup, events, states = play(board, seed, n, variant, start)
    path = tmp_path / "game.toml"
    record_all(path, setup, events)
    recorded = read_log(path)
    assert canonical(recorded.events) == canonical(events)
    result = replay(load_log_board(recorded), recorded.header.setup, recorded.events)
    assert result.valid and result.complete
    assert result.totals() == states[-1].prestige_all()


# --- (b) refusals --------------------------------------------------------------------------------


def _expectation(sample: Path) -> tuple[str, int]:
    text = sample.read_text("utf-8")
    rule = re.search(r"^# expect: (\S+)", text, re.M)
    number = re.search(r"^# expect-event: (\d+)", text, re.M)
    assert rule and number
    return rule.group(1), int(number.group(1))


@pytest.mark.parametrize("sample", INVALID, ids=lambda p: p.stem)
def test_every_kind_of_illegal_move_is_refused_and_nothing_is_written(
        sample: Path, tmp_path: Path) -> None:
    rule, number = _expectation(sample)
    log = read_log(sample)
    bad = log.events[number - 1]
    path = tmp_path / "game.toml"
    start_at(path, LogHeader(log.header.setup, log.header.board), log.events[: number - 1])
    before = path.read_bytes()
    args = command(bad, player=not isinstance(bad, Display | Checkpoint))
    if sample.stem == "gift-left-lying":
        # Typed, the slip cannot happen: the recorder claims the money gift by itself (R6.1).
        result = cli(*args, "--log", str(path))
        assert result.exit_code == 0, result.output
        last = read_log(path).events[-1]
        assert isinstance(last, Turn) and [str(u.gift) for u in last.gifts] == ["asari 6"]
        return
    result = cli(*args, "--log", str(path))
    assert result.exit_code == 1, (args, result.output)
    assert f"[{rule}]" in result.stderr, result.stderr
    assert result.stderr.startswith("refused: ")
    assert "Traceback" not in result.output
    assert path.read_bytes() == before
    # --dry-run and `asara check` refuse the same way, and write nothing either
    for variant in ([*args, "--dry-run"], ["check", *args]):
        result = cli(*variant, "--log", str(path))
        assert result.exit_code == 1 and f"[{rule}]" in result.stderr
        assert path.read_bytes() == before


@pytest.fixture
def started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new 2-player basic game, remembered by `asara use` in the working folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    result = cli("new", "game.toml", "-p", "Tina", "-p", "Paul")
    assert result.exit_code == 0, result.output
    return tmp_path / "game.toml"


BLUE_WINDOW = ["buy", "window", "black", "-c", "blue"]
REFUSALS = [
    # (moves before, the refused move, its rule, a fact the message names)
    ([], ["buy", "window", "white", "-c", "blue", "-p", "Paul"], "R2", "Tina's turn"),
    ([BLUE_WINDOW, ["coloured"]], ["buy", "window", "red", "-c", "yellow"], "R2.1",
     "follows blue"),
    ([["bank", "12", "-c", "red"]], ["bank", "12", "-c", "red"], "R2.2", "taken by Tina"),
    ([["caliph", "-c", "red"]], ["caliph", "-c", "red"], "R2.2",
     "every space of the Caliph's patronage is taken this year (Tina)"),
    ([], ["bribe", "4", "turret", "-c", "blue"], "R2.2", "no space 4"),
    ([["buy", "window", "white", "-c", "blue"], ["coloured"],
      ["buy", "turret", "white", "-c", "red"], ["coloured"]],
     ["buy", "base", "white", "-c", "green"], "R2.3", "Tina has 4 Asari"),
    ([["display", "window", *["brown"] * 8]], BLUE_WINDOW, "R3.1", "shows no black window"),
    ([], ["build", "2", "red", "base", "turret", "-c", "blue"], "R3.2",
     "no red base behind the screen"),
    ([], ["build", "3", "red", "base", "turret", "-c", "blue"], "R3.2", "plot 2 is vacant"),
    ([["buy", "base", "red", "-c", "blue"], ["coloured"], ["buy", "turret", "red", "-c", "red"],
      ["coloured"]],
     ["build", "2", "red", "base", "-c", "green"], "R3.2", "needs exactly one base and one"),
    ([], ["bank", "13", "-c", "blue"], "R3.3", "no bank space pays 13"),
    ([], ["bribe", "5", "turret", "white", "gold", "-c", "blue", "-p", "t"], None, None),
    ([], ["recruit", "2", "-c", "blue"], "R3.6", "only in the pro game"),
    ([], ["lighted", "4", "-c", "blue"], "R3.7", "only in the pro game"),
    ([["buy", "base", "brown", "-c", "blue"], ["buy", "trunk", "brown", "-c", "yellow"],
      ["buy", "turret", "brown", "-c", "green"], ["bank", "12", "-c", "orange"],
      ["caliph", "-c", "violet"]],
     ["buy", "window", "brown", "-c", "grey"], "R1", "would be a 6th"),
    ([], ["checkpoint", "Tina=3"], "checkpoint", "a difference of +3"),
]


@pytest.mark.parametrize("before,move,rule,fact", REFUSALS)
def test_refusals_name_the_rule_and_keep_the_file(started: Path, before: list[list[str]],
                                                  move: list[str], rule: str | None,
                                                  fact: str | None) -> None:
    for args in before:
        result = cli(*args)
        assert result.exit_code == 0, (args, result.output)
    if rule is None:  # bribery at 5 plus a white tile at 8 is 13: Tina has 20, fine
        assert cli(*move).exit_code == 0
        return
    before_bytes = started.read_bytes()
    result = cli(*move)
    assert result.exit_code == 1, result.output
    assert f"[{rule}]" in result.stderr
    assert fact is None or fact in unwrap(result.stderr), result.stderr
    assert "nothing was written" in result.stderr
    assert started.read_bytes() == before_bytes


def test_a_game_that_is_over_takes_no_more_turns(tmp_path: Path) -> None:
    board = load_board()
    setup, events, _ = play(board, 4, 2, Variant.BASIC, 0)
    path = tmp_path / "game.toml"
    start_at(path, LogHeader(setup), events[:-1])
    last = cli(*command(events[-1]), "--log", str(path))  # the move that ends the game
    assert last.exit_code == 0, last.output
    assert "Final evaluation (R5)" in last.stdout
    before = path.read_bytes()
    result = cli("coloured", "--log", str(path))
    assert result.exit_code == 1 and "[R5]" in result.stderr
    assert path.read_bytes() == before


def test_a_log_illegal_from_an_earlier_event_is_not_recorded_into(tmp_path: Path) -> None:
    sample = ROOT / "sample_games" / "invalid" / "turn-order.toml"
    path = tmp_path / "bad.toml"
    path.write_bytes(sample.read_bytes())
    result = cli("coloured", "--log", str(path))
    assert result.exit_code == 1
    said = " ".join(result.stderr.split())  # the temporary path moves where the lines break
    assert "illegal from event" in said and "[R2]" in said
    assert path.read_bytes() == sample.read_bytes()


# --- unusable input: exit 2, one line, no traceback ----------------------------------------------


@pytest.mark.parametrize("args,says", [
    (["buy", "window", "purple", "-c", "blue"], "'purple' is not a tile colour"),
    (["buy", "t", "black", "-c", "blue"], "is ambiguous: trunk or turret"),
    (["buy", "window", "white", "white", "-c", "blue"], "one tile has one colour"),
    (["buy", "window", "black"], "which buyer?"),
    (["buy", "window", "black", "-c", "blue", "--pair"], "--card and --pair together"),
    (["buy", "window", "black", "-c", "b1"], "not a buyer colour"),
    (["build", "2", "base", "turret", "-c", "blue"], "name the tower's colour"),
    (["bank", "-c", "blue"], "how much was taken?"),
    (["bank", "--space", "2", "-c", "blue"], "does not know what bank space 2 pays"),
    (["checkpoint", "Tina"], "expected NAME=NUMBER"),
    (["checkpoint", "Zoe=3"], "'Zoe' is not a player"),
    (["buy", "window", "black", "-c", "blue", "-p", "Zoe"], "'Zoe' is not a player"),
])
def test_unusable_words_are_one_line_and_exit_2(started: Path, args: list[str],
                                                says: str) -> None:
    before = started.read_bytes()
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert says in unwrap(result.stderr)
    assert len(messages(result.stderr)) == 1 and result.stderr.startswith("error: ")
    # a move not understood still says whose turn it is, so the next one is not misplaced
    assert unwrap(result.stderr).endswith(("; it is still Tina's turn\n",
                                           " It is still Tina's turn.\n"))
    assert started.read_bytes() == before


def test_a_missing_or_broken_log_is_one_line_and_exit_2(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ASARA_LOG", raising=False)
    result = cli("coloured")
    assert result.exit_code == 2 and "which log?" in result.stderr
    result = cli("coloured", "--log", "nope.toml")
    assert result.exit_code == 2 and result.stderr == (
        "error: nope.toml: no such file (start a game with `asara new`)\n")
    assert not list(tmp_path.glob(".*.lock"))  # a command on a missing log leaves nothing
    (tmp_path / "bad.toml").write_text("format = 1\nplayers = [\n", "utf-8")
    result = cli("undo", "--log", "bad.toml")
    assert result.exit_code == 2 and "not valid TOML" in result.stderr
    assert len(messages(result.stderr)) == 1
    (tmp_path / ".asara-state.toml").write_text("log = 3\n", "utf-8")
    result = cli("use")
    assert result.exit_code == 2 and len(messages(result.stderr)) == 1


# --- new ------------------------------------------------------------------------------------------


def test_new_writes_a_header_that_validates_and_refuses_to_overwrite(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("new", "g.toml", "-p", "Tina", "-p", "Paul", "-p", "Anna", "--start", "pa",
                 "--pro", "--date", "2024-05-05", "--place", "Tina's kitchen", "--no-use")
    assert result.exit_code == 0, result.output
    log = read_log(tmp_path / "g.toml")
    assert log.header.setup == Setup(("Tina", "Paul", "Anna"), 1, Variant.PRO)
    assert (log.header.date, log.header.place) == ("2024-05-05", "Tina's kitchen")
    assert not (tmp_path / ".asara-state.toml").exists()
    assert cli("validate", "g.toml").exit_code == 0
    before = (tmp_path / "g.toml").read_bytes()
    result = cli("new", "g.toml", "-p", "A", "-p", "B")
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert (tmp_path / "g.toml").read_bytes() == before


@pytest.mark.parametrize("extra,expansions", [
    (["--gifts"], ("gifts",)), (["--genie", "--pro"], ("genie",)),
    (["--gifts", "--genie", "--pro"], ("gifts", "genie"))])
def test_new_starts_games_with_expansions(tmp_path: Path, extra: list[str],
                                          expansions: tuple[str, ...]) -> None:
    path = tmp_path / "g.toml"
    result = cli("new", str(path), "-p", "A", "-p", "B", *extra, "--no-use")
    assert result.exit_code == 0, result.stderr
    assert read_log(path).header.setup.expansions == expansions


def test_new_refuses_the_genie_without_the_pro_rules(tmp_path: Path) -> None:  # R6.2
    path = tmp_path / "g.toml"
    result = cli("new", str(path), "-p", "A", "-p", "B", "--genie", "--no-use")
    assert result.exit_code == 1
    assert "only in the pro game" in result.stderr and "[R6.2]" in result.stderr
    assert not path.exists()


@pytest.mark.parametrize("players,code,says", [
    (["Solo"], 1, "[R1]"), (["A", "B", "C", "D", "E"], 1, "[R1]"),
    (["Tina", "tina"], 2, "two players are named"),
])
def test_new_refuses_wrong_player_counts_and_twins(tmp_path: Path, players: list[str],
                                                   code: int, says: str) -> None:
    args = ["new", str(tmp_path / "g.toml"), "--no-use"]
    for p in players:
        args += ["-p", p]
    result = cli(*args)
    assert result.exit_code == code and says in result.stderr
    assert not (tmp_path / "g.toml").exists()


def test_new_with_a_board_profile_refers_to_it_from_the_log(tmp_path: Path) -> None:
    profile = tmp_path / "boards" / "mine.toml"
    profile.parent.mkdir()
    assert cli("board", "--toml").exit_code == 0
    profile.write_text(cli("board", "--toml").stdout, "utf-8")
    games = tmp_path / "games"
    games.mkdir()
    result = cli("new", str(games / "g.toml"), "-p", "A", "-p", "B", "--board", str(profile),
                 "--no-use")
    assert result.exit_code == 0, result.output
    assert read_log(games / "g.toml").header.board == "../boards/mine.toml"
    assert cli("bank", "12", "-c", "red", "--log", str(games / "g.toml")).exit_code == 0


def test_new_with_a_bad_board_or_date_is_exit_2(tmp_path: Path) -> None:
    result = cli("new", str(tmp_path / "g.toml"), "-p", "A", "-p", "B", "--board",
                 str(tmp_path / "nope.toml"), "--no-use")
    assert result.exit_code == 2 and len(messages(result.stderr)) == 1
    result = cli("new", str(tmp_path / "g.toml"), "-p", "A", "-p", "B", "--date", "May 5",
                 "--no-use")
    assert result.exit_code == 2 and "YYYY-MM-DD" in result.stderr
    assert not (tmp_path / "g.toml").exists()


# --- (c) undo and the default log -----------------------------------------------------------------


def test_undo_removes_the_last_event_and_says_what_it_was(started: Path) -> None:
    assert cli("buy", "window", "black", "-c", "blue").exit_code == 0
    after_one = started.read_bytes()
    assert cli("bank", "12", "-c", "red").exit_code == 0
    result = cli("undo")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("undone: Paul takes 12 from the bank")
    assert "; event #2" in result.stdout
    assert "Paul to move" in " ".join(result.stdout.split())  # lines break between words
    assert started.read_bytes() == after_one
    assert cli("undo").exit_code == 0
    assert read_log(started).events == ()
    result = cli("undo")
    assert result.exit_code == 2 and "no events to undo" in result.stderr


def test_undo_across_a_year_end_gives_the_year_back(tmp_path: Path) -> None:
    board = load_board()
    setup, events, states = play(board, 2, 2, Variant.BASIC, 0)
    year_end = next(i for i, s in enumerate(states) if s.year == 2)  # event that ended year 1
    path = tmp_path / "g.toml"
    start_at(path, LogHeader(setup), events[:year_end - 1])
    result = cli(*command(events[year_end - 1]), "--log", str(path))  # the move ending year 1
    assert result.exit_code == 0, result.output
    assert "End of year 1: evaluation (R4)" in result.stdout
    assert "year 2" in cli("validate", str(path)).stdout
    result = cli("undo", "--log", str(path))
    assert result.exit_code == 0 and "Year 1," in result.stdout
    assert "year 1" in cli("validate", str(path)).stdout


def test_the_default_log_flag_then_env_then_use(started: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.toml"
    assert cli("new", str(other), "-p", "A", "-p", "B", "--no-use").exit_code == 0
    result = cli("use")
    assert result.stdout.strip() == "game.toml (from .asara-state.toml)"
    result = cli("use", env={"ASARA_LOG": str(other)})
    assert unwrap(result.stdout).strip() == f"{other} (from ASARA_LOG)"
    assert cli("coloured", env={"ASARA_LOG": str(other)}).stdout.startswith(
        "A takes 5 at the coloured building; event #1")
    assert cli("coloured", "--log", str(other)).stdout.startswith("B takes 5 at the coloured "
                                                                   "building; event #2")
    assert read_log(started).events == ()
    assert cli("use", str(other)).exit_code == 0
    assert cli("coloured").stdout.startswith("A takes 5 at the coloured building; event #3")
    result = cli("use", "missing.toml")
    assert result.exit_code == 2 and "no such file" in result.stderr
    assert cli("use").stdout.strip().startswith(str(other))


# --- feedback and comments ---------------------------------------------------------------


def test_feedback_line_names_the_move_money_and_prestige(started: Path) -> None:
    result = cli("buy", "window", "black", "-c", "blue")
    # Two lines: the move (blue is the game's first buyer colour), then the mover after it
    # (20 - 6 = 14 Asari, 9 - 1 = 8 buyers) and who is next: Paul, the second seat, starts
    # with 21 Asari and a 2-player hand of 9 (R1).
    # The mover is the first word; the event's number closes the move.
    assert result.stdout == ("Tina buys a black window for 6 (a blue buyer) (new buyer "
                             "colour blue: 1 of 5);\n   event #1\n"
                             "   Tina: 14 Asari, 0 prestige, 8 buyers. Next: Paul, 21 Asari, "
                             "9 buyers.\n")
    result = cli("check", "bank", "12", "-c", "red")
    assert result.exit_code == 0
    assert result.stdout.startswith("legal, not recorded: Paul takes 12 from the bank")
    assert len(read_log(started).events) == 1


def test_a_hand_edited_log_keeps_its_comments_and_layout(started: Path) -> None:
    assert cli("buy", "window", "black", "-c", "blue").exit_code == 0
    text = started.read_text("utf-8")
    edited = text.replace("[[event]]", "# year 1 -- Tina opens with black\n[[event]]  # 1")
    edited = edited.replace('tile = "black"', 'tile   =   "black"   # she wanted white')
    edited += "\n# the pizza arrived here\n"
    started.write_text(edited, "utf-8")
    assert cli("bank", "12", "-c", "red").exit_code == 0
    recorded = started.read_text("utf-8")
    assert recorded.startswith(edited)
    assert cli("undo").exit_code == 0
    assert started.read_text("utf-8").rstrip("\n") == edited.rstrip("\n")
    assert cli("undo").exit_code == 0
    left = started.read_text("utf-8")
    assert "# year 1 -- Tina opens with black" in left  # a comment above stays
    assert "[[event]]" not in left and "# she wanted white" not in left
    assert read_log(started).events == ()


def test_every_command_has_help() -> None:
    names = ["new", "buy", "build", "bank", "coloured", "bribe", "caliph", "recruit", "lighted",
             "display", "checkpoint", "undo", "use", "check"]
    top = cli("--help").stdout
    for name in names:
        assert name in top
        result = cli(name, "--help")
        assert result.exit_code == 0 and "Usage" in result.stdout, name
    for name in names[1:11]:
        result = cli("check", name, "--help")
        assert result.exit_code == 0 and "Example" in result.stdout, name
