"""Small builders of JSON Schema (draft-07) pieces, for the log schema each game declares.

A log's keys are declared where they are read (an area kind, a fact, a header key), as the
JSON Schema of what the reader accepts; ``asara_cli/logfile/schema.py`` puts them together into
``docs/asara-log.schema.json``. Plain dicts, standard library only: a game's rules use these.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

#: A JSON Schema, as a plain dict (written out with json.dumps).
Schema = dict[str, Any]

#: Python-only regular-expression syntax, which editors (ECMA-262 regular expressions) read
#: differently or not at all.
_PYTHON_ONLY = ("(?P", "\\A", "\\Z", "(?i", "(?m", "(?s", "(?x", "(?#", "\\d", "\\w")


def pattern_of(pattern: re.Pattern[str] | str) -> str:
    """A Python pattern as JSON Schema writes it; refuses syntax an editor reads otherwise."""
    text = pattern if isinstance(pattern, str) else pattern.pattern
    for bad in _PYTHON_ONLY:
        if bad in text:
            raise ValueError(f"{text!r}: {bad!r} means something else (or nothing) in a "
                             f"JSON Schema pattern")
    return text


def string(pattern: re.Pattern[str] | str | None, description: str) -> Schema:
    """A string key; ``pattern`` is the one the reader matches."""
    s: Schema = {"type": "string"}
    if pattern is not None:
        s["pattern"] = pattern_of(pattern)
    s["description"] = description
    return s


def words(values: Iterable[str], description: str | None = None) -> Schema:
    """A key holding one of a few words (an editor offers them)."""
    s: Schema = {"type": "string", "enum": list(values)}
    if description:
        s["description"] = description
    return s


def whole(description: str, minimum: int | None = None) -> Schema:
    """A whole number (TOML integer)."""
    s: Schema = {"type": "integer"}
    if minimum is not None:
        s["minimum"] = minimum
    s["description"] = description
    return s


def texts(item: Schema, description: str, **more: Any) -> Schema:
    """A list whose every item is ``item``."""
    return {"type": "array", "items": item, **more, "description": description}


def numbers_in(values: Sequence[int]) -> Schema:
    """One of ``values``: a range when they run without gaps, else the numbers."""
    ordered = sorted(set(values))
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return {"minimum": ordered[0], "maximum": ordered[-1]}
    return {"enum": ordered}


def forbidden(description: str) -> Schema:
    """A key the reader takes but the rules never allow: an editor flags it at once."""
    return {"not": {}, "description": description}


def when(key: str, value: Any, then: Schema) -> Schema:
    """``then`` applies to a table whose ``key`` is ``value``."""
    return {"if": {"properties": {key: {"const": value}}, "required": [key]}, "then": then}
