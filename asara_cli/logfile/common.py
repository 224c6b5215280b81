"""Reading TOML files into plain data, with one-line errors that say where."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from asara_cli.errors import InputError

_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def read_toml(path: str | Path) -> tuple[dict[str, Any], str]:
    """Parse a TOML file; return the data and the text (for line look-ups).

    Every failure (missing file, a folder, not UTF-8, malformed TOML) becomes an
    :class:`InputError` naming the file and, where tomllib gives one, line and column.
    """
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", path=name) from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file", path=name) from None
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}", path=name) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise InputError("not UTF-8 text", path=name, line=line) from None
    return loads_toml(text, name), text


def loads_toml(text: str, path: str) -> dict[str, Any]:
    """Parse TOML text read from ``path``; a syntax error becomes an :class:`InputError`
    with the line and column tomllib gives (only inside its message)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        m = _POSITION.search(message)
        line: int | None = None
        column: int | None = None
        if m:
            line, column = int(m.group(1)), int(m.group(2))
            message = message[: m.start()]
        elif "end of document" in message:
            # a truncated file: tomllib names no line, so point just past the last one
            lines = text.split("\n")
            line, column = len(lines), len(lines[-1]) + 1
        raise InputError(f"not valid TOML: {message}", path=path, line=line,
                         column=column) from None


def header_lines(text: str, header: str) -> list[int]:
    """1-based line numbers of every ``[[header]]`` array-of-tables line, in order.

    tomllib keeps no positions; this light index lets errors point at the n-th table.
    """
    pattern = re.compile(r"^\s*\[\[\s*" + re.escape(header) + r"\s*\]\]\s*(#.*)?$")
    return [i for i, line in enumerate(text.splitlines(), start=1) if pattern.match(line)]


def describe(value: Any) -> str:
    """A value as the user wrote it, short, for error messages."""
    kind = {bool: "true/false", int: "a number", float: "a decimal number", str: "text",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{kind} {shown}" if not isinstance(value, (list, dict)) else kind
