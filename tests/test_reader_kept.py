"""The log reader keeps what it has read (issue 22, the reader's speed): ASARA's codec keeps
each kind's space and action by the values of the kind's keys, the buyer words its pattern
matched, placements and each display tile by its text; Yspahan's keeps a turn's reading, its player
aside, by the values of its keys. What is kept must read as a fresh reading would,
and must never let through a value a fresh reading refuses (``true`` and ``1.0`` are equal
to ``1`` in Python, and hash alike). And two scans of the reader, each checked against
the slower form it replaced."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asara_cli.games.asara.codec as codec
import asara_cli.games.yspahan.codec as ycodec
import asara_cli.logfile.common as common
from asara_cli.errors import InputError
from asara_cli.games import game
from asara_cli.logfile.board import load_board
from asara_cli.logfile.common import too_deep
from asara_cli.logfile.game import LogHeader, log_to_text, parse_log

NAMES = ("Ada", "Bo", "Cyd", "Dee")


def _texts(key: str = "asara", games: int = 6) -> list[str]:
    found = []
    for seed in range(games):
        flags = frozenset({"pro", "gifts", "genie"}) if seed % 2 and key == "asara" else (
            frozenset())
        players = 2 + seed % 3 if key == "asara" else 3 + seed % 2
        setup, events = game(key).simulate(load_board(None, key), seed, players, flags,
                                           NAMES)
        found.append(log_to_text(LogHeader(setup, game=key), events))
    return found


def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The codec reading everything afresh: nothing kept, every tile made."""
    monkeypatch.setattr(codec, "_read_action", lambda word, kind, r: kind.read(r))
    monkeypatch.setattr(codec, "_LABELS", set())
    monkeypatch.setattr(codec, "_MOST_KEPT", 0)
    monkeypatch.setattr(codec, "_PLACEMENTS", {})
    monkeypatch.setattr(codec, "_DISPLAY_TILES", tuple((s, w, {}) for s, w, _ in
                                                       codec._DISPLAY_TILES))
    monkeypatch.setattr(ycodec, "_kept_turn", ycodec._read_turn)


@pytest.mark.parametrize("key", ["asara", "yspahan"])
def test_kept_readings_are_fresh_readings(monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    texts = _texts(key)
    kept = [parse_log(t) for t in texts]
    again = [parse_log(t) for t in texts]  # everything kept by now
    with monkeypatch.context() as m:
        _fresh(m)
        fresh = [parse_log(t) for t in texts]
    assert kept == fresh and again == fresh
    assert sum(len(log.events) for log in fresh) > 300
    assert codec._ACTIONS if key == "asara" else ycodec._TURNS  # kept, and compared above


def _refusal(text: str) -> tuple[str, int | None, str | None]:
    with pytest.raises(InputError) as e:
        parse_log(text, "game.toml")
    return str(e.value), e.value.line, e.value.key


SMALL = """format = 1
players = ["Ada", "Bo"]
start = "Ada"

[[event]]
type = "display"
base = ["red", "gold black"]

[[event]]
type = "buy"
player = "Ada"
buyer = "blue"
area = "base"
space = 1
tile = "red"

[[event]]
type = "bank"
player = "Bo"
buyer = "green"
space = 1
amount = 10
"""


@pytest.mark.parametrize(("old", "new"), [
    ("space = 1\ntile", "space = true\ntile"),     # equal to 1, and not a number here
    ("space = 1\ntile", "space = 1.0\ntile"),
    ("amount = 10", "amount = 10.0"),
    ('tile = "red"', 'tile = "purple"'),
    ('tile = "red"', 'tile = "red\\n"'),
    ('buyer = "blue"', 'buyer = "Blue"'),
    ('buyer = "green"', "buyer = 3"),
    ('player = "Ada"', 'player = "ada"'),            # the same player, spelled otherwise
    ('player = "Ada"', 'player = "Cy"'),
    ('base = ["red", "gold black"]', 'base = ["red", "gold purple"]'),
    ('base = ["red", "gold black"]', 'base = ["red", 1]'),
    ('base = ["red", "gold black"]', 'base = "red"'),
    ('base = ["red", "gold black"]', "base = []"),
])
def test_a_kept_value_reads_or_is_refused_as_afresh(monkeypatch: pytest.MonkeyPatch,
                                                     old: str, new: str) -> None:
    """With the good log read first (its values kept), a log that differs in one value
    reads, or is refused with the same message, line and key, as with nothing kept."""
    _reads_as_afresh(monkeypatch, SMALL, old, new)


def _reads_as_afresh(monkeypatch: pytest.MonkeyPatch, good: str, old: str, new: str) -> None:
    """``good`` read first (its values kept), then ``good`` with ``old`` made ``new``: the same
    log, or the same refusal, as with nothing kept."""
    assert old in good
    text = good.replace(old, new)
    parse_log(good)
    outcome: list[Any] = []
    for fresh in (False, True):
        with monkeypatch.context() as m:
            if fresh:
                _fresh(m)
            try:
                outcome.append(parse_log(text, "game.toml"))
            except InputError:
                outcome.append(_refusal(text))
    assert outcome[0] == outcome[1]


YSPAHAN = """format = 1
game = "yspahan"
players = ["Ann", "Ben", "Cid"]

[[event]]
type = "turn"
player = "Ann"
row = "bag"
goods = ["bag6 inner", "bag6 W5"]
play = ["gold3"]

[[event]]
type = "turn"
player = "Ben"
row = "gold"
"""


@pytest.mark.parametrize(("old", "new"), [
    ('player = "Ann"', 'player = "ann"'),
    ('player = "Ann"', 'player = "Al"'),
    ('goods = ["bag6 inner", "bag6 W5"]', 'goods = ["bag6 inner", 5]'),
    ('goods = ["bag6 inner", "bag6 W5"]', 'goods = "bag6 inner"'),
    ('goods = ["bag6 inner", "bag6 W5"]', 'goods = ["bag6 inner", ["bag6 W5"]]'),
    ('goods = ["bag6 inner", "bag6 W5"]', 'goods = ["bag6 inner"]\ndraw = "gold3"'),
    ('play = ["gold3"]', 'play = ["gold3 9999"]'),
    ('play = ["gold3"]', 'play = [{ card = "gold3" }]'),
    ('row = "gold"', 'row = true'),
    ('row = "gold"', 'row = "Gold"'),
    ('row = "gold"', 'row = "gold"\nbuild = "bath"'),
])
def test_a_kept_turn_reads_or_is_refused_as_afresh(monkeypatch: pytest.MonkeyPatch,
                                                  old: str, new: str) -> None:
    _reads_as_afresh(monkeypatch, YSPAHAN, old, new)


_NESTING = ["[", "{", " ", ",", "\n", "\u2028", "\t", "]", "x", "[[event]]", "[" * 20,
            "{ " * 20, ", [" * 12]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(_NESTING), max_size=30))
def test_too_deep_finds_what_the_one_pattern_finds(pieces: list[str]) -> None:
    """``too_deep`` searches for a run begun by ``[`` and one begun by ``{`` (each found
    sooner than the class of both): the first of the two is where the one pattern finds it."""
    text = "".join(pieces)
    found, expected = too_deep(text), re.search(common._DEEP, text)
    assert (found and found.span()) == (expected and expected.span())


_VALUES = [0, 1, 2, 7, -1, True, False, 1.0, 2.5, "", "red", "gold red", "Red", "base",
           "trunk", "pair", "blue", "Ada", "ada", "Zed", "bag6 inner", "gold3", "camels",
           "red\n", [], ["red"], ["red", 1], ["black 2: trunk"], ["gold3"], [1, 3],
           {"type": "bank", "space": 1, "amount": 12}, {}]
_LOGS = {key: _texts(key, 2) for key in ("asara", "yspahan")}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["asara", "yspahan"]), st.integers(0, 1), st.data())
def test_a_changed_value_reads_as_afresh(key: str, which: int, data: st.DataObject) -> None:
    """A simulated log with one value of one event changed (or a key added): with the
    whole log's readings kept before, it reads, or is refused with the same message, line
    and key, as with nothing kept."""
    import copy

    import tomli

    from asara_cli.logfile.game import parse_log_data

    text = _LOGS[key][which]
    parsed = tomli.loads(text)
    parse_log_data(parsed, text, "game.toml")  # every reading of the log kept
    changed = copy.deepcopy(parsed)
    event = data.draw(st.sampled_from(changed["event"]))
    name = data.draw(st.sampled_from([*event, "space", "tile", "buyer", "play", "row"]))
    old = event.get(name)
    # half the time a twin of the value: equal in Python (and of one hash), not to the reader
    twins = [float(old), *([bool(old)] if old in (0, 1) else [])] if type(old) is int else (
        [[*old, 1], [old[0]] if old else [1]] if type(old) is list else [])
    pool = twins if twins and data.draw(st.booleans()) else _VALUES
    event[name] = copy.deepcopy(data.draw(st.sampled_from(pool)))
    outcome: list[Any] = []
    for fresh in (False, True):
        with pytest.MonkeyPatch.context() as m:
            if fresh:
                _fresh(m)
            try:
                outcome.append(parse_log_data(changed, text, "game.toml"))
            except InputError as e:
                outcome.append((str(e), e.line, e.key))
    assert outcome[0] == outcome[1]
