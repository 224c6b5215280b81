"""The JSON Schema for editors (docs/asara-log.schema.json) accepts every log the tool
accepts and rejects shapes the log layer rejects."""

from __future__ import annotations

import datetime as dt
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from asara_cli.games.asara.rules.model import Variant
from asara_cli.logfile.board import load_board
from asara_cli.logfile.game import LogHeader, log_to_text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_engine_props import play

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "asara-log.schema.json").read_text("utf-8"))
# The invalid samples break rules, and a schema may flag some of those too (a bank amount
# above 12): only the valid ones must fit.
LOGS = sorted(p for p in (ROOT / "sample_games").glob("*.toml")
              if not p.name.endswith(".sheet.toml"))


def as_json(value: Any) -> Any:
    """TOML values as a TOML editor hands them to a JSON Schema: dates become text."""
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    if isinstance(value, (dt.date, dt.datetime, dt.time)):
        return value.isoformat()
    return value


def validator() -> jsonschema.protocols.Validator:
    cls = jsonschema.validators.validator_for(SCHEMA)
    cls.check_schema(SCHEMA)
    return cls(SCHEMA)


@pytest.mark.parametrize("path", LOGS, ids=[p.name for p in LOGS])
def test_sample_logs_fit_the_schema(path: Path) -> None:
    data = as_json(tomllib.loads(path.read_text("utf-8")))
    errors = [e.message for e in validator().iter_errors(data)]
    assert errors == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_games_fit_the_schema(seed: int) -> None:
    board = load_board()
    setup, events, _ = play(board, seed, 2 + seed % 3, Variant.PRO if seed % 2 else
                            Variant.BASIC, seed)
    data = as_json(tomllib.loads(log_to_text(LogHeader(setup), events)))
    assert [e.message for e in validator().iter_errors(data)] == []


def test_doc_example_fits_the_schema() -> None:
    text = (ROOT / "docs" / "log-format.md").read_text("utf-8")
    example = text.split("```toml", 1)[1].split("```", 1)[0]
    data = as_json(tomllib.loads(example))
    assert [e.message for e in validator().iter_errors(data)] == []


GOOD_HEAD = 'format = 1\nplayers = ["Tina", "Paul"]\nstart = "Tina"\n'


@pytest.mark.parametrize("text", [
    'players = ["Tina", "Paul"]\nstart = "Tina"\n',                        # no format
    GOOD_HEAD + 'variant = "expert"\n',                                     # unknown variant
    GOOD_HEAD + '[[event]]\ntype = "teleport"\nplayer = "Tina"\n',          # unknown type
    GOOD_HEAD + '[[event]]\ntype = "build"\nplayer = "Tina"\nbuyer = "blue"\nplot = "three"\n',
    GOOD_HEAD + '[[event]]\ntype = "buy"\nplayer = "Tina"\nbuyer = "blue"\narea = "roof"\n',
], ids=["no-format", "variant", "event-type", "plot-type", "area"])
def test_schema_rejects_what_the_log_layer_rejects(text: str) -> None:
    from asara_cli.errors import InputError
    from asara_cli.logfile.game import parse_log

    with pytest.raises(InputError):
        parse_log(text)
    data = as_json(tomllib.loads(text))
    assert list(validator().iter_errors(data)), "the schema accepted it"


def test_the_movers_setting_fits_the_schema() -> None:
    head = as_json(tomllib.loads(GOOD_HEAD + 'movers = "named"\n'))
    assert [e.message for e in validator().iter_errors(head)] == []
    assert list(validator().iter_errors(as_json(tomllib.loads(GOOD_HEAD + 'movers = "x"\n'))))
