"""What every registered game must do, run against each: ASARA, YSPAHAN and the toy game
PEBBLES (tests/toygame/, registered here by ``$ASARA_GAMES``). A new game is held to all of
it by adding nothing to this file.

Its samples validate as their ``# expect`` lines say; simulated games are complete and
legal, and each total is the sum of its ledger; each simulated move goes through the game's
part of the recording transaction to the same end as the replay, its move line naming it;
every event reads, writes and reads back the same; the log schema accepts every simulated
log; ``status``, ``score`` and ``board`` draw every format for people within 80 columns, and
their JSON and TOML parse.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
from typer.testing import CliRunner

from asara_cli.games import DEFAULT, ENV_GAMES, game, registered
from asara_cli.games.base import SIM_NAMES, SomeGame
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import (
    LogHeader,
    load_log_board,
    log_to_text,
    parse_log,
    peek_game,
    read_log,
)

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
#: The toy game, registered for this module's tests only (and the asara they start).
TOY = "pebbles=toygame"


def _registered() -> dict[str, str]:
    """Every registered game (the toy game too) and the module holding its ``GAME``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_GAMES, TOY)
        return dict(registered())


REGISTERED = _registered()
KEYS = list(REGISTERED)
#: The packaged samples, and those a game holds beside its code (``samples/``).
SAMPLE_FOLDERS = (ROOT / "sample_games", *(
    folder for module in REGISTERED.values()
    if (folder := Path(str(getattr(find_spec(module), "origin", ""))).parent / "samples"
        ).is_dir()))
SEEDS = range(3)


@pytest.fixture(scope="module", autouse=True)
def _toy_registered() -> Iterator[None]:
    """The toy game is a game for this module's tests (module-scoped fixtures included: an
    autouse fixture comes first in its scope), at a terminal of 80 x 40."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_GAMES, TOY)
        patch.setenv("COLUMNS", "80")
        patch.setenv("LINES", "40")
        yield


def _samples() -> list[tuple[str, Path]]:
    """Every sample log (tally sheets aside) with the game its header names."""
    found = []
    for folder in SAMPLE_FOLDERS:
        for path in sorted(folder.rglob("*.toml")):
            if not path.name.endswith(".sheet.toml"):
                found.append((peek_game(path) or DEFAULT, path))
    return found


SAMPLES = _samples()


def _flag_sets(g: SomeGame) -> list[frozenset[str]]:
    """No flag, then each of the game's simulator flags alone, then all together."""
    names = [f.name for f in g.simulate_flags]
    sets = [frozenset(), *(frozenset([n]) for n in names)]
    return sets + ([frozenset(names)] if len(names) > 1 else [])


@cache
def _simulated(key: str) -> tuple[tuple[LogHeader, tuple[object, ...]], ...]:
    """Simulated games of ``key``: every player count, seeds, and flag sets."""
    g = game(key)
    board = load_board(None, key)
    games = []
    for flags in _flag_sets(g):
        for n in range(g.min_players, g.max_players + 1):
            for seed in SEEDS:
                setup, events = g.simulate(board, seed, n, flags, SIM_NAMES)
                games.append((LogHeader(setup, game=key), tuple(events)))
    return tuple(games)


def _sample_expectations(path: Path) -> tuple[str | None, int | None]:
    text = path.read_text("utf-8")
    rule = re.search(r"^#\s*expect:\s*(\S+)", text, re.M)
    event = re.search(r"^#\s*expect-event:\s*(\d+)", text, re.M)
    return (rule.group(1) if rule else None, int(event.group(1)) if event else None)


# --- samples -----------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_every_game_has_legal_and_broken_samples(key: str) -> None:
    mine = [p for k, p in SAMPLES if k == key]
    assert any("invalid" not in p.parts for p in mine), f"{key}: no legal sample"
    assert any("invalid" in p.parts for p in mine), f"{key}: no broken sample"


@pytest.mark.parametrize(("key", "path"), SAMPLES,
                         ids=[str(p.relative_to(p.parents[2])) for _, p in SAMPLES])
def test_every_sample_validates_as_it_expects(key: str, path: Path) -> None:
    log = read_log(path)
    assert log.header.game == key
    g = game(key)
    outcome = g.replay(load_log_board(log), log.header.setup, log.events)
    rule, event = _sample_expectations(path)
    if "invalid" not in path.parts:
        assert outcome.valid, outcome.violations
        assert rule is None
        return
    assert rule is not None, f"{path}: a broken sample says `# expect: RULE`"
    assert not outcome.valid
    first = outcome.violations[0]
    assert first.rule == rule, outcome.violations
    if event is not None:
        assert first.event == event, outcome.violations


# --- simulated games ---------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_simulated_games_are_legal_and_each_total_is_its_ledger(key: str) -> None:
    g = game(key)
    board = load_board(None, key)
    for header, events in _simulated(key):
        outcome = g.replay(board, header.setup, events)
        assert outcome.valid and outcome.complete, (key, outcome.violations)
        scores = g.scores(outcome, header.setup)
        ledger = Counter[str]()
        by_source = Counter[tuple[str, str]]()
        for line in g.ledger(outcome):
            ledger[line.player] += line.points
            by_source[line.player, line.source] += line.points
        assert [s.name for s in scores] == list(g.players_of(header.setup))
        assert sorted(s.seat for s in scores) == list(range(1, len(scores) + 1))
        for s in scores:
            assert s.total == ledger[s.name] == sum(p for _, p in s.sources)
            assert dict(s.sources) == {k: v for (name, k), v in by_source.items()
                                       if name == s.name}
            for source, _ in s.sources:
                assert g.source(source).key == source
        best = max(s.total for s in scores)
        winners = g.winners(outcome)
        assert winners and {s.name for s in scores if s.total == best} >= set(winners)
        stages = g.standings(outcome)
        assert stages and all(len(after) == len(scores) for _, after in stages)
        assert stages[-1][1] == [s.total for s in scores]  # the last stage: the totals


@pytest.mark.parametrize("key", KEYS)
def test_a_simulated_game_is_the_same_for_a_seed(key: str) -> None:
    g = game(key)
    board = load_board(None, key)
    n = g.min_players
    assert g.simulate(board, 7, n, frozenset(), SIM_NAMES) == g.simulate(
        board, 7, n, frozenset(), SIM_NAMES)


# --- recording --------------------------------------------------------------------------


def _inserted(short: str, long: str) -> str:
    """What ``long`` has that ``short`` has not, where ``long`` is ``short`` with one piece
    put in (a move line and the same line numbered)."""
    start = 0
    while start < len(short) and short[start] == long[start]:
        start += 1
    end = 0
    while end < len(short) - start and short[-1 - end] == long[-1 - end]:
        end += 1
    assert len(long) - len(short) > 0 and long[:start] + long[len(long) - end:] == short
    return long[start:len(long) - end]


@pytest.mark.parametrize("key", KEYS)
def test_every_simulated_move_records_through_the_games_recording(key: str) -> None:
    """What the one recording transaction asks of a game (cli/transaction.py), move by move
    over simulated games: each move is legal where it was played, its move line names it
    (numbered with its event number, and unnumbered for a check only), and the positions
    the moves lead through end where the replay of the whole log ends."""
    g = game(key)
    board = load_board(None, key)
    rules = g.recording()
    for header, events in _simulated(key)[:g.max_players - g.min_players + 1]:
        state = rules.position(g.replay(board, header.setup, ()))
        for number, event in enumerate(events, 1):
            errors = [v for v in rules.check(board, state, event) if v.is_error]
            assert not errors, (key, number, errors)
            done = rules.apply(board, state, event)
            said = rules.move_text(board, event)
            numbered = rules.result_line(board, state, done, event, True)
            plain = rules.result_line(board, state, done, event, False)
            assert said in numbered and said in plain, (numbered, plain)
            assert str(number) in _inserted(plain, numbered), (number, numbered)
            state = rules.after(done)
        assert state == rules.position(g.replay(board, header.setup, events))


@pytest.mark.parametrize("key", KEYS)
def test_the_words_of_each_legal_move_make_its_event(key: str, tmp_path: Path) -> None:
    """Every legal move a game lists (``legal_moves``) says it in the words of its one-shot
    command; read by the game's own command layer (``asara check WORDS``), they make the
    move's event, over positions of a simulated game."""
    from typed import reader

    g = game(key)
    board = load_board(None, key)
    rules = g.recording()
    header, events = _simulated(key)[-1]  # the most players, every flag
    state = rules.position(g.replay(board, header.setup, ()))
    read_moves = 0
    for number, event in enumerate(events):
        moves = tuple(g.legal_moves(board, state)) if number % 5 == 0 else ()
        if moves:
            path = tmp_path / f"at{number}.toml"
            path.write_text(log_to_text(header, events[:number]), encoding="utf-8")
            with reader(path, key) as read:
                for move in moves[::max(1, len(moves) // 30)]:
                    assert read(move.words) == move.event, (number, move.words)
                    read_moves += 1
        state = rules.after(rules.apply(board, state, event))
    assert read_moves >= 10, read_moves


# --- the log ------------------------------------------------------------------------------


def _every_event(key: str) -> Iterator[tuple[LogHeader, tuple[object, ...]]]:
    yield from _simulated(key)
    for k, path in SAMPLES:
        if k == key:
            log = read_log(path)
            yield log.header, log.events


@pytest.mark.parametrize("key", KEYS)
def test_every_event_reads_writes_and_reads_back_the_same(key: str) -> None:
    g = game(key)
    seen: set[str] = set()
    for header, events in _every_event(key):
        log = parse_log(log_to_text(header, events))
        assert log.header == header
        assert log.events == events
        for event in events:
            kind = g.event_type(event)
            assert kind in g.event_types()
            assert set(g.event_to_dict(event)) - {"type"} <= set(g.event_keys(kind))
            seen.add(kind)
    # the samples and simulated games between them hold every type of event
    assert seen == set(g.event_types())


@pytest.fixture(scope="module")
def schema() -> dict[str, object]:
    from asara_cli.logfile.schema import log_schema

    return log_schema()


@pytest.mark.parametrize("key", KEYS)
def test_the_schema_accepts_every_simulated_log(key: str, schema: dict[str, object]) -> None:
    validator = jsonschema.Draft7Validator(schema)
    for header, events in _simulated(key):
        data = tomllib.loads(log_to_text(header, events))
        errors = [e.message for e in validator.iter_errors(data)]
        assert not errors, (key, errors[:3])


# --- outputs -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished simulated game of each game, as a log file."""
    folder = tmp_path_factory.mktemp("finished")
    paths = {}
    for key in KEYS:
        header, events = _simulated(key)[-1]
        paths[key] = folder / f"{key}.toml"
        paths[key].write_text(log_to_text(header, events), "utf-8")
    return paths


def _commands() -> list[tuple[str, ...]]:
    from asara_cli.cli.formats import BOARD, SCORE, STATUS

    found: list[tuple[str, ...]] = [("status", "--format", f) for f in STATUS]
    found += [("status", "--full")]
    found += [("score", "--format", f) for f in SCORE]
    found += [("board", "--format", f) for f in BOARD]
    return found


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_outputs_draw_within_80_columns(key: str, command: tuple[str, ...],
                                        finished: dict[str, Path]) -> None:
    from asara_cli.cli import app

    name, *options = command
    where = ["--game", key] if name == "board" else [str(finished[key])]
    result = CliRunner().invoke(app, [name, *where, *options])
    if options[-1] == "svg":  # a page to print, for the games that have one
        from asara_cli.logfile.board import load_board

        if game(key).board_page(load_board(None, key)) is None:
            assert result.exit_code == 2 and len(result.stderr.splitlines()) <= 2
            assert "no printable page" in " ".join(result.stderr.split())
            return
        assert result.exit_code == 0, result.output
        assert ElementTree.fromstring(result.stdout).tag == "{http://www.w3.org/2000/svg}svg"
        return
    assert result.exit_code == 0, result.output
    assert result.stdout.strip()
    if options[-1] in ("json", "bgstats"):  # data, for programs: no width to keep
        json.loads(result.stdout)
    elif options[-1] == "toml":  # the profile's own text
        assert tomllib.loads(result.stdout) == tomllib.loads(game(key).profile_text())
    else:
        wide = [line for line in result.stdout.splitlines() if len(line) > 80]
        assert not wide, wide
