"""The legal moves of a position (``games/base.py``: ``LegalMoves``), held to the referee
over simulated positions of every game: every move listed passes the referee's ``check``
(sound), every move the simulator played is listed (complete), and the words of each listed
move, read by the game's own command layer, make the move's event.

The default run walks a few hundred positions per game; ``ASARA_MOVES_GAMES=N`` walks the
positions of N simulated games per player count and flag set instead (thousands)."""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from asara_cli.games import ENV_GAMES, game
from asara_cli.games import GAMES as PACKAGED
from asara_cli.games.base import SIM_NAMES, SomeGame
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, log_to_text, parse_log

TOY = "pebbles=toygame"
KEYS = [*PACKAGED, TOY.split("=")[0]]
#: Simulated games per player count and flag set (more with $ASARA_MOVES_GAMES).
GAMES_EACH = int(os.environ.get("ASARA_MOVES_GAMES", "1"))
#: Every how many events a position is taken in the default run (all of them when more
#: games are asked for).
STRIDE = 1 if GAMES_EACH > 1 else 2
#: How many moves the default run lists at least, per game.
ENOUGH = {"asara": 1000, "yspahan": 1000, "pebbles": 30}
#: How many simulated moves the default run finds listed at least, per game.
PLAYED = {"asara": 100, "yspahan": 100, "pebbles": 5}


@pytest.fixture(scope="module", autouse=True)
def _toy_registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_GAMES, TOY)
        yield


def _flag_sets(g: SomeGame) -> list[frozenset[str]]:
    names = [f.name for f in g.simulate_flags]
    return [frozenset(), *([frozenset(names)] if names else [])]


@cache
def _positions(key: str) -> tuple[tuple[object, tuple[object, ...], object, object], ...]:
    """(setup, events before, position, the event the simulator played there) for simulated
    games of ``key``: every player count, no flag and every flag."""
    g = game(key)
    board = load_board(None, key)
    rules = g.recording()
    found: list[tuple[object, tuple[object, ...], object, object]] = []
    for flags in _flag_sets(g):
        for players in range(g.min_players, g.max_players + 1):
            for seed in range(GAMES_EACH):
                setup, events = g.simulate(board, seed, players, flags, SIM_NAMES)
                state = rules.position(g.replay(board, setup, ()))
                for i, event in enumerate(events):
                    if i % STRIDE == 0:
                        found.append((setup, events[:i], state, event))
                    state = rules.after(rules.apply(board, state, event))
    return tuple(found)


#: The positions a test item walks: the default run one in six, the slow run the others.
SHARES = 6
SHARE = [pytest.param(k, id=f"{k + 1}of{SHARES}", marks=[pytest.mark.slow] if k else [])
         for k in range(SHARES)]


@pytest.mark.parametrize("share", SHARE)
@pytest.mark.parametrize("key", KEYS)
def test_every_listed_move_passes_the_referees_check(key: str, share: int) -> None:
    g = game(key)
    board = load_board(None, key)
    rules = g.recording()
    listed = 0
    for _setup, before, state, _event in _positions(key)[share::SHARES]:
        for move in g.legal_moves(board, state):
            assert move.words and move.group, move
            if move.event is None:  # a number to read off the board (its note says)
                assert move.note, move
                continue
            errors = [v for v in rules.check(board, state, move.event) if v.is_error]
            assert not errors, (key, len(before), move.words, errors)
            listed += 1
    assert listed > ENOUGH[key] // SHARES, listed  # the positions had moves to list


def _listed_form(key: str, board: object, event: object, state: object = None) -> object:
    """The event a simulated move is listed as: itself (Yspahan: the turn without the cards
    played after the action and the building, which the list leaves to options; ASARA: a
    number to read off the board, the placeholder move's words)."""
    if key == "yspahan":
        from asara_cli.games.yspahan.moves import core
        from asara_cli.games.yspahan.rules.board import Board

        assert isinstance(board, Board)
        return core(board, event)
    if key == "asara":
        from test_asara_moves_complete import canonical, listed_form

        from asara_cli.games.asara.rules.board import Board as AsaraBoard
        from asara_cli.games.asara.rules.events import Turn
        from asara_cli.games.asara.rules.state import GameState

        # a fact the table states is not a move; a build is listed with its parts in one order
        if isinstance(state, GameState) and isinstance(board, AsaraBoard) and isinstance(
                event, Turn):
            return listed_form(board, state, event)
        return canonical(event) if isinstance(event, Turn) else None
    return event


@pytest.mark.parametrize("share", SHARE)
@pytest.mark.parametrize("key", KEYS)
def test_every_move_the_simulator_plays_is_listed(key: str, share: int) -> None:
    g = game(key)
    board = load_board(None, key)
    played = 0
    for _setup, before, state, event in _positions(key)[share::SHARES]:
        moves = list(g.legal_moves(board, state))
        if not moves:  # a fact the table states (a roll, a deal, a checkpoint)
            continue
        wanted = _listed_form(key, board, event, state)
        if wanted is None:
            continue
        listed = [_listed_form(key, board, m.event) if m.event is not None else m.words
                  for m in moves]
        assert wanted in listed, (key, len(before), wanted)
        played += 1
    assert played > PLAYED[key] // SHARES, played


# --- asara moves ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, int]]:
    """A simulated game of each game as a log file, and an event in its middle."""
    folder = tmp_path_factory.mktemp("moves")
    found = {}
    for key in KEYS:
        g = game(key)
        board = load_board(None, key)
        setup, events = g.simulate(board, 1, g.max_players,
                                   frozenset(f.name for f in g.simulate_flags), SIM_NAMES)
        path = folder / f"{key}.toml"
        path.write_text(log_to_text(LogHeader(setup, game=key), events), "utf-8")
        found[key] = (path, len(events) // 2)
    return found


def _moves(*args: str) -> Result:
    from asara_cli.cli import app

    return CliRunner().invoke(app, ["moves", *args])


@pytest.mark.parametrize("key", KEYS)
def test_moves_lists_in_words_within_80_columns_and_as_json(
        key: str, logs: dict[str, tuple[Path, int]]) -> None:
    path, middle = logs[key]
    g = game(key)
    board = load_board(None, key)
    # the first event from the middle on where the player to move has moves listed
    log = parse_log(path.read_text("utf-8"))
    rules = g.recording()
    at = next(n for n in range(middle, len(log.events)) if list(g.legal_moves(
        board, rules.position(g.replay(board, log.header.setup, log.events[:n])))))
    listed = list(g.legal_moves(
        board, rules.position(g.replay(board, log.header.setup, log.events[:at]))))
    text = _moves(str(path), "--at", str(at))
    assert text.exit_code == 0, text.output
    lines = text.output.splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    assert f"{len(listed)} legal move" in lines[0]
    full = _moves(str(path), "--at", str(at), "--all")
    shown = {line.strip() for line in full.output.splitlines()}
    assert all(m.words in shown for m in listed if len(m.words) < 70)
    data = json.loads(_moves(str(path), "--at", str(at), "--format", "json").output)
    assert data["game"] == key and data["at"] == at and data["count"] == len(listed)
    assert [m["words"] for grp in data["groups"] for m in grp["moves"]] == [
        m.words for m in listed]
    assert sum(grp["count"] for grp in data["groups"]) == len(listed)


@pytest.mark.parametrize("key", KEYS)
def test_moves_with_words_lists_every_move_that_begins_so(
        key: str, logs: dict[str, tuple[Path, int]]) -> None:
    """`asara moves LOG WORD...` (or --log LOG WORD...) lists every move that begins with
    the words, as `moves WORD...` does in a session; none: a line says so."""
    path, middle = logs[key]
    g, board = game(key), load_board(None, key)
    log = parse_log(path.read_text("utf-8"))
    rules = g.recording()
    at = next(n for n in range(middle, len(log.events)) if list(g.legal_moves(
        board, rules.position(g.replay(board, log.header.setup, log.events[:n])))))
    state = rules.position(g.replay(board, log.header.setup, log.events[:at]))
    head = shlex.split(next(iter(g.legal_moves(board, state))).words)[0]
    begun = [m.words for m in g.legal_moves(board, state, [head])]
    for args in ([str(path), head], ["--log", str(path), head]):
        listed = _moves(*args, "--at", str(at), "--format", "json")
        assert listed.exit_code == 0, listed.output
        data = json.loads(listed.output)
        assert [m["words"] for grp in data["groups"] for m in grp["moves"]] == begun
    text = _moves(str(path), head, "--at", str(at))
    assert {line.strip() for line in text.output.splitlines()} >= set(begun)
    none = _moves(str(path), "nothing-begins-so", "--at", str(at))
    assert none.exit_code == 0 and "no legal move begins with those words" in none.output


def test_moves_of_a_finished_game_lists_none(logs: dict[str, tuple[Path, int]]) -> None:
    path, _ = logs["asara"]
    result = _moves(str(path), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["count"] == 0 and data["player"] is None and "over" in data["note"]


def test_moves_refuses_an_event_past_the_end_and_an_unknown_format(
        logs: dict[str, tuple[Path, int]]) -> None:
    path, _ = logs["asara"]
    events = len(parse_log(path.read_text("utf-8")).events)
    past = _moves(str(path), "--at", str(events + 1))
    assert past.exit_code == 2 and f"has {events} events" in past.output
    assert _moves(str(path), "--format", "csv").exit_code == 2


def test_moves_of_an_illegal_log_exits_1(tmp_path: Path) -> None:
    g = game("asara")
    board = load_board(None, "asara")
    setup, events = g.simulate(board, 2, 3, frozenset(), SIM_NAMES)
    # the first event played again where its player is not to move: illegal from there
    path = tmp_path / "broken.toml"
    path.write_text(log_to_text(LogHeader(setup, game="asara"),
                                (*events[:5], events[0], *events[6:9])), "utf-8")
    result = _moves(str(path), "--at", "8")
    assert result.exit_code == 1, result.output
    assert "illegal from event 6" in result.output
    assert _moves(str(path), "--at", "5").exit_code == 0


def test_a_fact_the_table_states_first_lists_no_move_and_says_so() -> None:
    """ASARA: before a year's gifts are dealt (R6.1); Yspahan: before the day's roll (Y2.3).
    The moves there would be refused, so none is listed, and the note says what comes."""
    for key, flags, said in (("asara", frozenset({"gifts"}), "not dealt yet"),
                             ("yspahan", frozenset(), "rolls the dice")):
        g = game(key)
        board = load_board(None, key)
        setup, _ = g.simulate(board, 0, 3, flags, SIM_NAMES)
        state = g.recording().position(g.replay(board, setup, ()))
        assert list(g.legal_moves(board, state)) == []
        note = g.moves_note(board, state)
        assert note is not None and said in note, note


def test_a_big_group_shows_three_moves_and_its_count(
        logs: dict[str, tuple[Path, int]]) -> None:
    path, middle = logs["yspahan"]
    data = json.loads(_moves(str(path), "--at", str(middle + 1), "--format", "json").output)
    big = next(grp for grp in data["groups"] if grp["count"] > 4)
    lines = _moves(str(path), "--at", str(middle + 1)).output.splitlines()
    at = lines.index(f"{big['group']} ({big['count']})")
    assert [line.strip() for line in lines[at + 1:at + 4]] == [
        m["words"] for m in big["moves"][:3]]
    assert lines[at + 4].strip() == f"... {big['count'] - 3} more (--all lists them)"


# --- ASARA: every build ----------------------------------------------------------------------


def _asara_state(pro: bool) -> object:
    g = game("asara")
    board = load_board(None, "asara")
    setup, _ = g.simulate(board, 0, 3, frozenset({"pro"} if pro else set()), SIM_NAMES)
    return g.recording().position(g.replay(board, setup, ()))


@pytest.mark.parametrize(("case", "pro", "k", "expected"), [
    # red base, red turret, trunk, gold window, a white base without a turret:
    # a new red tower of base and turret, and of as many of the two middles as k asks
    ("new", False, 1, set()),
    ("new", False, 2, {("new red: base, turret",)}),
    ("new", False, 3, {("new red: base, turret, trunk",),
                       ("new red: base, turret, gold window",)}),
    ("new", False, 4, {("new red: base, turret, gold window, trunk",)}),
    ("new", False, 5, set()),
    # two standing red towers, a trunk and a window: each onto either tower
    ("add", False, 1, {("red 1 + trunk",), ("red 2 + trunk",), ("red 1 + window",),
                       ("red 2 + window",)}),
    ("add", False, 2, {("red 1 + trunk, window",), ("red 2 + trunk, window",),
                       ("red 1 + trunk", "red 2 + window"),
                       ("red 1 + window", "red 2 + trunk")}),
    # pro: a red tower with one plain window, one lighted window kept (colour secret)
    ("light", True, 1, {("lit red 1",)}),
    ("light", True, 2, set()),
])
def test_every_build_of_a_screen(case: str, pro: bool, k: int, expected: set[tuple[str, ...]]
                                 ) -> None:
    """Counted by hand: every way to place k sections, each once (the sampler offers only
    a few, and never onto a colour's second tower)."""
    from asara_cli.games.asara.rules.areas.building import every_build
    from asara_cli.games.asara.rules.events import Tile
    from asara_cli.games.asara.rules.model import Colour, Section, Tower
    from asara_cli.games.asara.rules.state import GameState, PlayerState

    red, white = Colour.RED, Colour.WHITE
    state = _asara_state(pro)
    assert isinstance(state, GameState)
    if case == "new":
        player = PlayerState("Anna", 20, 3, screen=(
            Tile(Section.BASE, red), Tile(Section.TURRET, red), Tile(Section.TRUNK, red),
            Tile(Section.WINDOW, red, True), Tile(Section.BASE, white)))
    elif case == "add":
        player = PlayerState("Anna", 20, 3, towers=(Tower(red), Tower(red)), screen=(
            Tile(Section.TRUNK, red), Tile(Section.WINDOW, red)))
    else:
        player = PlayerState("Anna", 20, 3, towers=(Tower(red, windows=1),),
                             lighted_unknown=1)
    found = set()
    for new, add, lighted in every_build(state, player, k):
        words = [f"new {t.colour}: {', '.join(str(p) for p in t.parts)}" for t in new]
        words += [f"{a.colour} {a.tower} + {', '.join(map(str, a.parts))}" for a in add]
        words += [f"lit {w.colour} {w.tower}" + " gold" * w.on_gold for w in lighted]
        found.add(tuple(words))
    assert found == expected
    assert len(every_build(state, player, k)) == len(expected)  # each build once


def test_long_words_are_broken_between_words_within_80_columns() -> None:
    from asara_cli.cli.moves import _lines

    words = ("supervisor camels S1 --order bag3 --order barrel3 --no-camel bag3 --no-camel "
             "barrel3 --draws exchange")
    assert _lines(words) == [
        "  supervisor camels S1 --order bag3 --order barrel3 --no-camel bag3 --no-camel \\",
        "    barrel3 --draws exchange"]
    # a quoted word stays whole, on the next line
    assert _lines("lighted 10 --space 1 --keep brown --keep green -c violet --gift 'buy "
                  "trunk: gold brown' --gift 'buy turret: brown'") == [
        "  lighted 10 --space 1 --keep brown --keep green -c violet --gift \\",
        "    'buy trunk: gold brown' --gift 'buy turret: brown'"]
    assert _lines("buy base") == ["  buy base"]


def _long_move(key: str) -> tuple[str, int]:
    """A simulated game of ``key`` as log text, and an event after which a move is longer
    than a line."""
    g = game(key)
    board = load_board(None, key)
    rules = g.recording()
    # ASARA's long moves are builds (new towers and additions): only they are listed, not
    # every move of every position (5 s)
    begun = ("build",) if key == "asara" else ()
    for seed in range(10):
        for flags in _flag_sets(g):
            setup, events = g.simulate(board, seed, g.max_players, flags, SIM_NAMES)
            state = rules.position(g.replay(board, setup, ()))
            for at, event in enumerate(events):
                if any(len(m.words) > 78 for m in g.legal_moves(board, state, begun)):
                    return log_to_text(LogHeader(setup, game=key), events), at
                state = rules.after(rules.apply(board, state, event))
    raise AssertionError(f"no simulated {key} position with a long move")


def test_no_move_begins_with_words_where_a_deal_is_due() -> None:
    # the moves beginning with words were asked of a position with no turn to take (the
    # Caliph's gifts to deal at a year's start): an AttributeError, which the session's Tab
    # hid as "no moves"
    from asara_cli.games.asara.rules.events import GiftsDealt

    g, board = game("asara"), load_board(None, "asara")
    setup, events = g.simulate(board, 0, 4, frozenset({"gifts"}), SIM_NAMES)
    at = next(i for i, e in enumerate(events) if isinstance(e, GiftsDealt))
    state = g.recording().position(g.replay(board, setup, events[:at]))
    assert list(g.legal_moves(board, state, ("build",))) == []
    assert list(g.legal_moves(board, state)) == []


@pytest.mark.parametrize("key", PACKAGED)
def test_moves_all_keeps_every_move_within_80_columns(key: str, tmp_path: Path) -> None:
    """At a position with a move longer than a line: every line of --all fits, and the
    lines a move is broken into give its words back."""
    text, at = _long_move(key)
    path = tmp_path / "game.toml"
    path.write_text(text, "utf-8")
    g = game(key)
    board = load_board(None, key)
    log = parse_log(text)
    listed = list(g.legal_moves(board, g.recording().position(
        g.replay(board, log.header.setup, log.events[:at]))))
    result = _moves(str(path), "--at", str(at), "--all")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines), [x for x in lines if len(x) > 80]
    joined = "\n".join(lines).replace(" \\\n    ", " ")
    shown = {line.strip() for line in joined.splitlines()}
    assert any(len(m.words) > 78 for m in listed)
    assert {m.words for m in listed} <= shown


def _ysp_begins(event: object) -> list[str]:
    """The first words of the listed move of a simulated Yspahan turn (its command; the row,
    but for the camels, the gold and a card drawn; the supervisor's cell), to ask the list for
    the moves that begin so rather than make every move of the position to find one."""
    from asara_cli.games.yspahan.rules.events import Camels, Draw, Gold, Supervisor, Turn

    assert isinstance(event, Turn), event
    action = event.action
    if isinstance(action, Camels | Gold | Draw) or event.row is None:
        return ["camels" if isinstance(action, Camels) else "gold"
                if isinstance(action, Gold) else "draw"]
    if isinstance(action, Supervisor):
        return ["supervisor", event.row, action.to]
    return ["goods", event.row]


def test_yspahan_turns_with_a_card_played_first_or_discarded_are_listed() -> None:
    """The default positions hold few such turns: simulated games are walked until 15
    turns that play a card before the row and 15 that discard one for a die are found,
    and each must be listed (with hands open and secret; two or more cards played first
    too)."""
    from asara_cli.games.yspahan.moves import core
    from asara_cli.games.yspahan.rules.board import Board
    from asara_cli.games.yspahan.rules.events import Turn

    g = game("yspahan")
    board = load_board(None, "yspahan")
    assert isinstance(board, Board)
    rules = g.recording()
    found = {"before": 0, "discard": 0}
    for seed in range(100):
        if min(found.values()) >= 15:
            break
        flags = _flag_sets(g)[seed % len(_flag_sets(g))]
        setup, events = g.simulate(board, seed, 3 + seed % 2, flags, SIM_NAMES)
        state = rules.position(g.replay(board, setup, ()))
        for event in events:
            if isinstance(event, Turn) and core(board, event) is not None and (
                    event.before or event.discard):
                listed = [core(board, m.event)
                          for m in g.legal_moves(board, state, _ysp_begins(event))]
                assert core(board, event) in listed, (seed, event)
                found["before"] += bool(event.before)
                found["discard"] += event.discard is not None
            state = rules.after(rules.apply(board, state, event))
    assert min(found.values()) >= 15, found


def _yspahan_positions(flags: frozenset[str], seeds: int
                       ) -> Iterator[tuple[object, object, object]]:
    """(board, position, the event the simulator played there) of 4-player Yspahan games."""
    g = game("yspahan")
    board = load_board(None, "yspahan")
    rules = g.recording()
    for seed in range(seeds):
        setup, events = g.simulate(board, seed, 4, flags, SIM_NAMES)
        state = rules.position(g.replay(board, setup, ()))
        for event in events:
            yield board, state, event
            state = rules.after(rules.apply(board, state, event))


@pytest.mark.slow
def test_yspahan_turns_with_two_cards_played_first_are_listed() -> None:
    """A turn that plays two cards before the row (the simulator seldom does: the first
    found) is listed."""
    from asara_cli.games.yspahan.moves import core
    from asara_cli.games.yspahan.rules.board import Board
    from asara_cli.games.yspahan.rules.events import Turn

    g = game("yspahan")
    found = 0
    for board, state, event in _yspahan_positions(frozenset(), 400):
        if not isinstance(event, Turn) or len(event.before) < 2:
            continue
        assert isinstance(board, Board)
        wanted = core(board, event)
        listed = [core(board, m.event) for m in g.legal_moves(board, state, _ysp_begins(event))]
        assert wanted in listed, event
        found += 1
        if found >= 5:
            break
    assert found >= 1, found


@pytest.mark.parametrize("flags", [frozenset(), frozenset({"secret"})])
def test_yspahan_completion_is_the_listed_moves_next_words(flags: frozenset[str]) -> None:
    """At each word of a listed move, the words completion offers (``next_words``) hold
    that move's next word and each begins a legal move; the moves that begin with the
    words typed all do, and pass the referee's check."""
    import random
    import shlex

    g = game("yspahan")
    rules = g.recording()
    rng = random.Random(5)
    tried = 0
    for board, state, _event in _yspahan_positions(flags, 1):
        moves = list(g.legal_moves(board, state))
        if not moves or rng.random() > 0.3:
            continue
        for move in rng.sample(moves, min(3, len(moves))):
            words = shlex.split(move.words)
            at = rng.randrange(len(words))
            typed = words[:at]
            offered = g.next_words(board, state, typed)
            assert words[at] in offered, (typed, offered)
            assert len(set(offered)) == len(offered)
            for word in offered:
                first = next(iter(g.legal_moves(board, state, [*typed, word])), None)
                assert first is not None, (typed, word)
            begun = list(g.legal_moves(board, state, typed))
            for m in begun:
                assert shlex.split(m.words)[:at] == typed, (typed, m.words)
                assert not [v for v in rules.check(board, state, m.event) if v.is_error]
            tried += 1
    assert tried >= 30, tried


def test_the_sessions_moves_come_from_the_position_it_keeps(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``moves`` at the table (grouped, or as JSON) lists the position the session keeps:
    the log is not read and replayed again."""
    import asara_cli.cli.moves as command
    from asara_cli.cli.session import Session

    g = game("yspahan")
    board = load_board(None, "yspahan")
    setup, events = g.simulate(board, 1, 3, frozenset(), SIM_NAMES)
    path = tmp_path / "y.toml"
    path.write_text(log_to_text(LogHeader(setup, game="yspahan"), events[:1]), "utf-8")
    session = Session(path)
    assert session.position is not None
    listed = list(g.legal_moves(board, session.position.state))

    def read_again(*args: object) -> None:
        raise AssertionError("the log was read again")

    monkeypatch.setattr(command, "replay_file", read_again)
    capsys.readouterr()
    assert session.line("moves") == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"{len(listed)} legal moves" in lines[0], lines[0]
    assert session.line("moves --all --format json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["at"] == 1 and data["count"] == len(listed)
    assert [m["words"] for grp in data["groups"] for m in grp["moves"]] == [
        m.words for m in listed]
    assert session.line("moves --sideways") == 2  # an option `moves` does not take


@pytest.mark.slow
def test_yspahan_moves_with_cards_played_first_pass_the_whole_check() -> None:
    """Secret hands of two cards or more (every kind possible, a caravanserai's card drawn
    and played too): the turns listed with two or more cards played before the row pass
    the referee's check of the whole turn (the list checks the action on the table the
    cards leave); the default positions above hold none."""
    from asara_cli.games.yspahan.rules.events import Turn
    from asara_cli.games.yspahan.rules.state import TURN, GameState

    g = game("yspahan")
    rules = g.recording()
    checked = positions = 0
    for board, state, _event in _yspahan_positions(frozenset({"secret"}), 12):
        assert isinstance(state, GameState)
        if state.to_move is None or state.phase != TURN or \
                state.players[state.to_move].hidden < 2:
            continue
        positions += 1
        for n, move in enumerate(g.legal_moves(board, state)):
            assert isinstance(move.event, Turn)
            if len(move.event.before) >= 2 and n % 7 == 0:
                errors = [v for v in rules.check(board, state, move.event) if v.is_error]
                assert not errors, (move.words, errors)
                checked += 1
        if checked >= 2000:
            break
    assert positions and checked >= 500, (positions, checked)


def test_completion_quotes_a_card_played_and_offers_the_next_words_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At the table, Tab after ``gold --play`` offers the cards the mover may play first,
    each quoted as one word (``'exchange 1 into camels'``), and the words offered after
    ``gold`` are the options of the legal moves that begin so, not other moves."""
    import shlex

    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from asara_cli.cli.session import Session
    from asara_cli.cli.table import TableCompleter

    g = game("yspahan")
    board = load_board(None, "yspahan")
    setup, events = g.simulate(board, 2, 4, frozenset({"secret"}), SIM_NAMES)
    path = tmp_path / "y.toml"
    path.write_text(log_to_text(LogHeader(setup, game="yspahan"), events[:98]), "utf-8")
    monkeypatch.chdir(tmp_path)
    session = Session(path)
    assert session.position is not None
    completer = TableCompleter(session)

    def tab(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]

    played = list(g.legal_moves(board, session.position.state, ["gold", "--play"]))
    assert played  # a card may be played before the gold row here
    offered = tab("gold --play ")
    for move in played:  # a card the grouped list folds (a wasted one) once its letters come
        card = shlex.quote(shlex.split(move.words)[2])
        assert card in offered or card in tab(f"gold --play {card[:3]}"), move.words
    assert "nocamels" not in offered and "nocamels" in tab("gold --play no")
    assert any(" " in shlex.split(word)[0] and word.startswith("'") for word in offered)
    assert tab("gold --play 'exch") == [w for w in offered if w.startswith("'exch")]
    assert set(tab("gold ")[:2]) == {"--play", "--discard"}


@pytest.mark.parametrize("key", KEYS)
def test_the_moves_listed_may_be_walked_twice(key: str) -> None:
    """A game's moves are made as they are asked for, yet a caller may walk them twice and
    find the same moves (as over a tuple)."""
    g = game(key)
    board = load_board(None, key)
    _setup, _before, state, _event = next(p for p in _positions(key)
                                          if list(g.legal_moves(board, p[2])))
    listed = g.legal_moves(board, state)
    first = [m.words for m in listed]
    assert first and [m.words for m in listed] == first


@pytest.mark.parametrize("words", [
    # a card played first, quoted: one word, never broken inside
    ["goods", "chest", "chest8", "N2", "chest8", "N4", "chest8", "inner", "--discard",
     "camels3", "--play", "souk bag3 N2", "--play", "caravan draws hidden"],
    # a quote in a word: said as shlex.quote says it
    ["supervisor", "gold", "N2", "--camel", "chest4", "--play", "it's", "--play",
     "x" * 90, "--play", "", "--play", "a'b c", "--play", "ä ö", "--play", "$HOME;"],
])
def test_a_long_move_is_broken_into_lines_that_paste_as_the_same_command(
        words: list[str]) -> None:
    """``asara moves`` breaks a move longer than 80 columns between its words, with a
    shell's ``\\``: the lines, pasted, are the same words; each line but a lone long word
    within 80 columns."""
    import shlex

    from asara_cli.cli.moves import WIDTH, _lines

    lines = _lines(shlex.join(words))
    assert len(lines) > 1
    pasted = "\n".join(lines)
    assert shlex.split(pasted.replace(" \\\n", " ")) == words
    assert all(len(line) <= WIDTH or " " not in line.strip(" \\") for line in lines)
