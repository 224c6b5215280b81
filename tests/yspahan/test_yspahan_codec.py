"""The Yspahan log codec (games/yspahan/codec.py, docs/log-format.md): hand-written keys read
as the events YSPAHAN.md Y7 lists; every sampled game reads back the same after writing (open
and secret hands); every error names the file, line, event and key."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from yspahan_helpers import FOUR, board

from asara_cli.errors import InputError
from asara_cli.games import find_game
from asara_cli.games.yspahan.codec import (
    WordsError,
    event_to_dict,
    parse_play,
    parse_send,
    parse_shop,
    play_text,
)
from asara_cli.games.yspahan.rules.events import (
    Build,
    Camels,
    Checkpoint,
    Draw,
    Gold,
    Goods,
    Play,
    Roll,
    Send,
    Shop,
    Supervisor,
    Turn,
)
from asara_cli.games.yspahan.rules.sampler import play_game, secret
from asara_cli.games.yspahan.rules.state import OPEN, SECRET, Setup
from asara_cli.logfile.game import LogHeader, log_to_text, parse_log

HEAD = """format = 1
game = "yspahan"
players = ["Ann", "Ben", "Cid"]
oldest = "Ben"
colours = ["blue", "red", "green"]
hands = "open"
"""


def log(*events: str, head: str = HEAD) -> str:
    return head + "".join(f"\n[[event]]\n{e.strip()}\n" for e in events)


def read(text: str) -> tuple[object, ...]:
    return parse_log(text, "game.toml").events


def error(text: str) -> str:
    with pytest.raises(InputError) as info:
        parse_log(text, "game.toml")
    return str(info.value)


# --- reading what people write -----------------------------------------------------------------


def test_the_registry_knows_yspahan_by_key_and_title() -> None:
    game = find_game("Yspahan")
    assert game.key == "yspahan" and (game.min_players, game.max_players) == (3, 4)
    assert game.period == "week" and game.points == "points"


def test_header_keys_read_as_the_setup() -> None:
    parsed = parse_log(HEAD, "game.toml")
    assert parsed.header.game == "yspahan"
    assert parsed.header.setup == Setup(("Ann", "Ben", "Cid"), 1, ("blue", "red", "green"),
                                        OPEN)
    bare = parse_log('format = 1\ngame = "yspahan"\nplayers = ["A", "B", "C"]\n', "g.toml")
    assert bare.header.setup == Setup(("A", "B", "C"))  # oldest: the first; hands open


def test_a_roll_keeps_white_and_yellow_apart() -> None:
    events = read(log('type = "roll"\nplayer = "ben"\nwhite = [1, 1, 3, 3, 5, 5, 6, 6, 6]\n'
                      'yellow = [1, 2]\nplay = ["gold3"]'))
    assert events == (Roll("Ben", (1, 1, 3, 3, 5, 5, 6, 6, 6), (1, 2), (Play("gold3"),)),)


def test_a_turn_names_its_action_by_its_key() -> None:
    events = read(log(
        'type = "turn"\nplayer = "Ben"\nrow = "chest"\ngoods = ["chest8 N2", "chest8 inner"]',
        'type = "turn"\nplayer = "Cid"\nrow = "camels"\ndiscard = "gold3"\nbuild = "market"\n'
        'build_cards = ["nocamels", "nogold"]',
        'type = "turn"\nplayer = "Ann"\nrow = "bag"\nsupervisor = "S1"\n'
        'sends = ["barrel3 camel", "bag3 draws hidden"]',
        'type = "turn"\nplayer = "Ben"\ndraw = "none"',
        'type = "turn"\nplayer = "Ben"\nrow = "camels"\naction = "gold"\n'
        'play = ["exchange 2 into gold", "souk vase4 E1"]\nplay_after = ["goldvp 3"]\n'
        'play_last = ["caravan draws camels3"]'))
    assert events == (
        Turn("Ben", "chest", Goods((Shop("chest8", "N2"), Shop("chest8", "inner")))),
        Turn("Cid", "camels", Camels(), "gold3", Build("market", ("nocamels", "nogold"))),
        Turn("Ann", "bag", Supervisor("S1", (Send("barrel3", True),
                                             Send("bag3", False, "hidden")))),
        Turn("Ben", None, Draw(None)),
        Turn("Ben", "camels", Gold(), None, None,
             (Play("exchange", 2, "gold"), Play("souk", shop=Shop("vase4", "E1"))),
             (Play("goldvp", 3),), (Play("caravan", card="camels3"),)),
    )


def test_a_checkpoint_reads_the_tables_count() -> None:
    events = read(log('type = "checkpoint"\nscore = { Ann = 12, ben = 9 }\ngold = { Cid = 3 }'))
    assert events == (Checkpoint((("Ann", 12), ("Ben", 9)), (("Cid", 3),)),)


@pytest.mark.parametrize("text", ["gold3", "goldvp 4", "exchange 2 into camels",
                                  "souk chest8 N2", "souk bag8 inner", "caravan draws hidden"])
def test_card_words_read_back(text: str) -> None:
    assert play_text(parse_play(text)) == text


@pytest.mark.parametrize(("parse", "text"), [
    (parse_play, "exchange 2 into silver"), (parse_play, "Gold3"), (parse_play, "souk chest8"),
    (parse_shop, "chest8"), (parse_shop, "chest8 N2 N4"), (parse_send, "bag3 dog"),
    (parse_send, "bag3 draws"),
])
def test_card_words_that_cannot_be_read(parse: object, text: str) -> None:
    with pytest.raises(WordsError):
        parse(text)  # type: ignore[operator]


# --- errors name the file, line, event and key ---------------------------------------------------


def test_an_error_names_the_line_the_event_and_the_key() -> None:
    text = log('type = "roll"\nplayer = "Ben"\nwhite = [1, 2, 3, 4, 5, 6, 1, 2, 3]',
               'type = "turn"\nplayer = "Cid"\nrow = "chest"\ngoods = ["chest8 N2", "chest8"]')
    said = error(text)
    line = text.split("\n").index('goods = ["chest8 N2", "chest8"]') + 1
    assert said.startswith(f"game.toml:{line}: Cid: event 2: goods[1]: expected a shop")


@pytest.mark.parametrize(("event", "key", "words"), [
    ('type = "turn"\nplayer = "Zed"\nrow = "bag"\ngoods = []', "player",
     "'Zed' is not one of the players"),
    ('type = "turn"\nplayer = "Ann"\nrow = "bag"', "goods", "missing: the shops"),
    # the example shop faces the street cell it names, in the row's own quarter
    ('type = "turn"\nplayer = "Ann"\nrow = "barrel"', "goods", 'goods = ["barrel4 S3"]'),
    ('type = "turn"\nplayer = "Ann"', "draw", "no row left"),
    ('type = "turn"\nplayer = "Ann"\nrow = "bag"\ngoods = []\nsupervisor = "W5"',
     "supervisor", "one action"),
    ('type = "turn"\nplayer = "Ann"\nrow = "bag"\ngoods = []\nsends = ["bag3"]', "sends",
     "sent by the supervisor"),
    ('type = "turn"\nplayer = "Ann"\nrow = "bag"\naction = "fly"', "action", "expected one of"),
    ('type = "turn"\nplayer = "Ann"\nrow = "gold"\nbuild_cards = ["nogold"]', "build_cards",
     "no build"),
    ('type = "turn"\nplayer = "Ann"\nrow = "gold"\nplay = ["exchange 2 into tea"]', "play[0]",
     "gold or into camels"),
    ('type = "roll"\nplayer = "Ann"\nwhite = [1, "2"]', "white", "a list of the dice"),
    ('type = "roll"\nplayer = "Ann"', "white", "missing"),
    ('type = "checkpoint"\nscore = { Zed = 3 }', "score.Zed", "not one of the players"),
    ('type = "checkpoint"', "score", "missing"),
    ('type = "turn"\nplayer = "Ann"\nrow = "gold"\nbuilding = "shop"', "building",
     "a turn event has no key"),
])
def test_errors_in_events(event: str, key: str, words: str) -> None:
    said = error(log(event))
    assert f"event 1: {key}: " in said and words in said, said


@pytest.mark.parametrize(("head", "key", "words"), [
    (HEAD.replace('oldest = "Ben"', 'oldest = "Zed"'), "oldest", "not one of the players"),
    (HEAD.replace('hands = "open"', 'hands = "closed"'), "hands", "\"secret\""),
    (HEAD.replace('colours = ["blue", "red", "green"]', 'colours = ["Blue"]'), "colours[0]",
     "a colour word"),
    (HEAD + 'start = "Ann"\n', "start", "unknown header key"),
])
def test_errors_in_the_header(head: str, key: str, words: str) -> None:
    said = error(head)
    assert f": {key}: " in said and words in said, said


# --- every sampled game reads back the same ----------------------------------------------------

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 4]), st.booleans())
def test_round_trip_of_sampled_games(seed: int, n: int, hidden: bool) -> None:
    setup = Setup(FOUR[:n], seed % n, ("blue", "red", "green", "yellow")[:n],
                  SECRET if hidden else OPEN)
    events = play_game(board(), Setup(FOUR[:n], seed % n), random.Random(seed))
    if hidden:
        events = secret(events)
    header = LogHeader(setup, game="yspahan")
    game = find_game("yspahan")
    for event in events:  # the codec itself: the dict reads back as the same event
        assert "type" in game.event_to_dict(event)
    back = parse_log(log_to_text(header, events), "sampled.toml")
    assert back.header == header
    assert back.events == tuple(events)


def test_the_action_key_is_written_only_where_the_other_keys_do_not_say_it() -> None:
    assert "action" not in event_to_dict(Turn("Ann", "camels", Camels()))
    assert "action" not in event_to_dict(Turn("Ann", "bag", Goods((Shop("bag3", "W3"),))))
    assert event_to_dict(Turn("Ann", "bag", Camels()))["action"] == "camels"
    assert event_to_dict(Turn("Ann", None, Gold()))["action"] == "gold"


def test_the_documented_example_is_a_valid_log() -> None:
    from pathlib import Path

    from asara_cli.games.yspahan.rules.engine import replay
    from asara_cli.logfile.board import load_board

    doc = (Path(__file__).resolve().parents[2] / "docs" / "log-format.md").read_text("utf-8")
    example = doc.split("## Yspahan", 1)[1].split("```toml", 1)[1].split("```", 1)[0]
    parsed = parse_log(example, "example.toml")
    result = replay(load_board(None, "yspahan"), parsed.header.setup, parsed.events)
    assert result.valid and result.stopped is None and not result.notes
    assert len(parsed.events) == 9 and result.state.day == 3  # two days and a checkpoint
