"""Yspahan's part of the log's JSON Schema (games/yspahan/schema.py): every log the tool
accepts fits it (the samples, simulated games with open and secret hands), and shapes the
codec refuses are flagged. The log layer on main puts this part under the generic keys."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from yspahan_helpers import board

from asara_cli.games import find_game
from asara_cli.games.yspahan.simulate import simulate_game
from asara_cli.logfile.game import LogHeader, log_to_text

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "sample_games" / "yspahan").glob("*.toml"))
HEAD = 'format = 1\ngame = "yspahan"\nplayers = ["Ann", "Ben", "Cid"]\n'


def _validator() -> Any:
    part = find_game("yspahan").schema(board())
    schema = {"$schema": "http://json-schema.org/draft-07/schema#",
              "allOf": [part["log"], part["board"]], "definitions": part["definitions"]}
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


VALIDATOR = _validator()


def as_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    if isinstance(value, dt.date | dt.datetime | dt.time):
        return value.isoformat()
    return value


def problems(text: str) -> list[str]:
    return [e.message for e in VALIDATOR.iter_errors(as_json(tomllib.loads(text)))]


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_the_samples_fit(path: Path) -> None:
    assert problems(path.read_text("utf-8")) == []


@pytest.mark.parametrize(("seed", "secret"), [(1, False), (2, True), (3, False)])
def test_simulated_games_fit(seed: int, secret: bool) -> None:
    sim = simulate_game(board(), seed, 3 + seed % 2, secret_hands=secret)
    text = log_to_text(LogHeader(sim.setup, game="yspahan"), sim.events)
    assert problems(text) == []


@pytest.mark.parametrize("event", [
    'type = "roll"\nplayer = "Ann"\nwhite = [1, 2, 3, 4, 5, 6, 7, 1, 2]',   # a 7
    'type = "roll"\nplayer = "Ann"\nwhite = [1, 2, 3]',                     # 3 white dice
    'type = "turn"\nplayer = "Ann"\nrow = "fish"\ngoods = []',              # no such row
    'type = "turn"\nplayer = "Ann"\nrow = "bag"\ngoods = ["bag4"]',         # a shop's cell
    'type = "turn"\nplayer = "Ann"\nrow = "bag"\nsupervisor = "W11"',       # no such cell
    'type = "turn"\nplayer = "Ann"\nrow = "gold"\nbuild = "castle"',        # no such building
    'type = "turn"\nplayer = "Ann"\nrow = "gold"\nbuilding = "shop"',       # no such key
    'type = "turn"\nplayer = "Ann"\nrow = "bag"\nsupervisor = "C"\nsends = ["bag3 dog"]',
    'type = "checkpoint"',                                                  # nothing counted
    'type = "dance"',
])
def test_shapes_the_codec_refuses_are_flagged(event: str) -> None:
    assert problems(HEAD + "\n[[event]]\n" + event + "\n")


def test_the_header_keys() -> None:
    assert problems(HEAD + 'hands = "closed"\n')
    assert problems(HEAD + 'oldest = "Ann"\ncolours = ["blue", "red", "green"]\n') == []
