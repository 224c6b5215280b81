"""The game log, format 1: reading with line numbers, one clear error for bad input, writing
atomically and appending without losing comments (docs/log-format.md)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asara_cli.core.names import hidden_character, name_key
from asara_cli.errors import InputError
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import replay
from asara_cli.games.asara.rules.events import (
    PAIR,
    Addition,
    Bank,
    Build,
    Buy,
    Checkpoint,
    Coloured,
    Display,
    LightedWindow,
    NewTower,
    Part,
    Placement,
    Tile,
    Turn,
)
from asara_cli.games.asara.rules.model import Colour, Section, Variant
from asara_cli.games.asara.rules.state import Setup
from asara_cli.logfile.game import (
    GameLog,
    LogHeader,
    append_event,
    describe_violation,
    log_to_text,
    parse_log,
    read_log,
    write_log,
)

sys.path.insert(0, str(Path(__file__).parent))
from test_engine_props import games, play

DOCS = Path(__file__).resolve().parent.parent / "docs"

SMALL = """\
# a hand-written log
format = 1
players = ["Tina", "Paul"]
start = "Tina"
variant = "pro"
board = "standard"
date = 2024-05-01
place = "Kitchen table"

[[event]]   # Tina opens trunks with blue
type = "buy"
player = "Tina"
buyer = "blue"
area = "trunk"
tile = "gold black"

[[event]]
type = "coloured"
player = "Paul"

[[event]]
type = "build"
player = "Tina"
buyer = "pair"
plot = 4
new = ["white: base, gold window, turret"]
add = ["black 2: trunk"]
lighted = ["red on gold"]

[[event]]
type = "checkpoint"
prestige = { Tina = 4, Paul = 0 }
money = { Paul = 26 }
note = "after the break"
"""


def test_reads_header_and_events_with_lines() -> None:
    log = parse_log(SMALL, "small.toml")
    h = log.header
    assert h.setup == Setup(("Tina", "Paul"), 0, Variant.PRO, ())
    assert (h.board, h.date, h.place) == ("standard", "2024-05-01", "Kitchen table")
    assert log.lines == (10, 17, 21, 30)
    assert log.events[0] == Turn(Placement("Tina", "blue"), Buy(Section.TRUNK, Colour.BLACK, True))
    assert log.events[1] == Turn(Placement("Paul", None), Coloured())
    assert log.events[2] == Turn(Placement("Tina", PAIR, 4), Build(
        (NewTower(Colour.WHITE, (Part(Section.BASE), Part(Section.WINDOW, True),
                                 Part(Section.TURRET))),),
        (Addition(Colour.BLACK, 2, (Part(Section.TRUNK),)),),
        (LightedWindow(Colour.RED, 1, True),)))
    assert log.events[3] == Checkpoint((("Tina", 4), ("Paul", 0)), (("Paul", 26),))
    assert log.comments == (None, None, None, "after the break")


@pytest.mark.parametrize(("text", "line", "key", "words"), [
    # wrong type of a value: the line of that key, the event number in the key
    (SMALL.replace('tile = "gold black"', "tile = 7"), 15, "event 1: tile", "expected"),
    (SMALL.replace('tile = "gold black"', 'tile = "golden black"'), 15, "event 1: tile",
     "gold red"),
    (SMALL.replace('type = "coloured"', 'type = "colored"'), 18, "event 2: type",
     "unknown event type"),
    (SMALL.replace("plot = 4", ""), 21, "event 3: plot", "missing"),
    (SMALL.replace('add = ["black 2: trunk"]', 'add = ["black two: trunk"]'), 27,
     "event 3: add[0]", "addition"),
    (SMALL.replace('player = "Paul"', 'player = "Pual"'), 19, "event 2: player",
     "not one of the players"),
    (SMALL.replace('area = "trunk"', 'area = "trunk"\ncolour = "red"'), 15,
     "event 1: colour", "no key 'colour'"),
    (SMALL.replace("Paul = 0 }", "Paula = 0 }"), 32, "event 4: prestige.Paula",
     "not one of the players"),
    # header problems
    (SMALL.replace('start = "Tina"', 'start = "Otto"'), 4, "start", "not one of the players"),
    (SMALL.replace('variant = "pro"', 'variant = "expert"'), 5, "variant", "basic"),
    (SMALL.replace("format = 1", "format = 2"), 2, "format", "newer"),
])
def test_malformed_input_points_at_line_and_key(text: str, line: int, key: str,
                                                words: str) -> None:
    with pytest.raises(InputError) as e:
        parse_log(text, "game.toml")
    err = e.value
    assert (err.path, err.line, err.key) == ("game.toml", line, key), str(err)
    assert words in err.message
    assert str(err).startswith(f"game.toml:{line}:")


def test_lines_are_counted_at_newlines_only() -> None:
    # A line separator or a next-line character inside a string is text, not a line break:
    # line numbers are an editor's and tomllib's. The place's two would shift every later
    # line by two if lines were split as str.splitlines() splits them.
    text = SMALL.replace("Kitchen table", "Kitchen\u2028table\x85").replace(
        'tile = "gold black"', "tile = 7")
    log = parse_log(SMALL.replace("Kitchen table", "Kitchen\u2028table\x85"), "x")
    assert log.lines == (10, 17, 21, 30)
    with pytest.raises(InputError) as e:
        parse_log(text, "game.toml")
    assert (e.value.line, e.value.key) == (15, "event 1: tile")


def test_truncated_file_gives_line_and_column(tmp_path: Path) -> None:
    cut = SMALL[: SMALL.index("prestige = { Tina") + 16]  # stops inside the inline table
    target = tmp_path / "game.toml"
    target.write_text(cut)
    parsers: list[Callable[[], object]] = [lambda: parse_log(cut, str(target)),
                                           lambda: read_log(target)]
    for parse in parsers:
        with pytest.raises(InputError) as e:
            parse()
        assert (e.value.line, e.value.column) == (32, 17)
        assert "not valid TOML" in e.value.message


def test_not_a_log() -> None:
    with pytest.raises(InputError, match="no 'format' key"):
        parse_log('players = ["A", "B"]\n', "sheet.toml")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError) as e:
        read_log(tmp_path / "nope.toml")
    assert e.value.line is None and "no such file" in str(e.value)


def test_violation_line_for_the_cli(board: Board) -> None:
    text = SMALL.replace('variant = "pro"', 'variant = "basic"').replace(
        'tile = "gold black"', 'tile = "gold black"\nspace = 9')
    log = parse_log(text, "game.toml")
    r = replay(board, log.header.setup, log.events)
    v = r.violations[0]
    assert describe_violation(log, v) == (
        "game.toml:10: event 1 (Tina, buy): the trunk market has no space 9 (1, 2, 3, 4) "
        "[R2.2]")


def test_write_and_read_back(tmp_path: Path) -> None:
    log = parse_log(SMALL, "x")
    target = tmp_path / "game.toml"
    write_log(target, log.header, log.events, log.comments,
              schema="../docs/asara-log.schema.json")
    again = read_log(target)
    assert (again.header, again.events, again.comments) == (log.header, log.events,
                                                             log.comments)
    assert target.read_text().startswith("#:schema ../docs/asara-log.schema.json\n")
    assert [p.name for p in tmp_path.iterdir()] == ["game.toml"]  # no temp file left


def test_write_refuses_to_replace_with_nonsense(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    target.write_text(SMALL)
    header = LogHeader(Setup(("Tina", "Tina"), 0))  # reads back as an error
    with pytest.raises(InputError):
        write_log(target, header, [])
    assert target.read_text() == SMALL


def test_append_keeps_comments(tmp_path: Path) -> None:
    target = tmp_path / "game.toml"
    target.write_text(SMALL)
    event = Turn(Placement("Paul", "green", 1), Bank(12))
    log = append_event(target, event, note="twelve")
    text = target.read_text()
    assert text.startswith(SMALL)  # comments and layout untouched
    assert "# Tina opens trunks with blue" in text
    assert log.events[-1] == event and log.comments[-1] == "twelve"
    assert read_log(target).lines[-1] == SMALL.count("\n") + 2


@settings(max_examples=4, deadline=None)
@given(games)
def test_round_trip_random_games(board: Board, game: tuple[int, int, Variant, int]) -> None:
    setup, events, _ = play(board, *game)
    display = Display(((Section.BASE, tuple(Tile(Section.BASE, c, i % 2 == 0)
                                            for i, c in enumerate(Colour))),))
    events = [display, *events]
    header = LogHeader(setup, date="2024-01-02", notes='quote " and \\ back')
    text = log_to_text(header, events)
    log = parse_log(text, "rt.toml")
    assert (log.header, log.events) == (header, tuple(events))
    assert len(log.lines) == len(events)


@given(st.text(min_size=1, max_size=12).filter(lambda s: s.strip() != ""))
@settings(max_examples=30, deadline=None)
def test_round_trip_any_player_name(name: str) -> None:
    header = LogHeader(Setup((name, "Paul"), 1))
    event = Checkpoint(((name, 3),), ((name, 1),))
    text = log_to_text(header, [event])
    if hidden_character(name) is not None or name_key(name) == name_key("Paul"):
        # the one name rule: no control characters, no second "paul" (rules/names.py)
        with pytest.raises(InputError, match="players"):
            parse_log(text, "n.toml")
        return
    log = parse_log(text, "n.toml")
    assert log.header == header and log.events == (event,)


def test_log_format_example_is_valid(board: Board) -> None:
    """The annotated example in docs/log-format.md reads and replays without errors."""
    doc = (DOCS / "log-format.md").read_text()
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    log: GameLog = parse_log(example, "example.toml")
    r = replay(board, log.header.setup, log.events)
    assert r.valid, [describe_violation(log, v) for v in r.violations]


def test_schema_is_json_and_names_every_event_type() -> None:
    schema = json.loads((DOCS / "asara-log.schema.json").read_text())
    text = json.dumps(schema)
    for kind in ("buy", "build", "bank", "coloured", "bribe", "caliph", "recruit", "lighted",
                 "display", "checkpoint"):
        assert f'"{kind}"' in text


# --- the game a log is of --------------------------------------------------------------------


def test_a_log_names_its_game_or_is_asara() -> None:
    """`game = "asara"` (any case, or absent) is ASARA; the header keeps the game's key and a
    log written back leaves the default out."""
    from asara_cli.logfile.game import header_to_dict, parse_log

    body = 'format = 1\nplayers = ["Tina", "Paul"]\nstart = "Tina"\n'
    for head in ("", 'game = "asara"\n', 'game = "ASARA"\n'):
        log = parse_log(head + body)
        assert log.header.game == "asara"
        assert log.header.rules.name == "ASARA"
        assert "game" not in header_to_dict(log.header)


def test_an_unknown_game_is_refused_with_the_games_known() -> None:
    from asara_cli.logfile.game import parse_log

    with pytest.raises(InputError) as e:
        parse_log('format = 1\ngame = "asra"\nplayers = ["Tina", "Paul"]\n', "g.toml")
    assert e.value.line == 2
    assert e.value.key == "game"
    assert "no game called 'asra' (did you mean 'asara'?)" in e.value.message
    with pytest.raises(InputError) as e:
        parse_log('format = 1\ngame = 7\nplayers = ["Tina", "Paul"]\n', "g.toml")
    assert "expected the name of a game, got a number 7" in e.value.message
