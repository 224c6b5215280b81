"""The languages the package ships: each compiled catalogue besides English. The tests that
speak a language run in each of them, so a new catalogue is tested by being added."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from asara_cli import language
from asara_cli.core.i18n import SOURCE

#: Every shipped language but English (``de``, ``fr`` ...).
SHIPPED: list[str] = [code for code in language.available() if code != SOURCE]


def each(codes: list[str], default: tuple[str, ...] = ("en", "de")) -> list[Any]:
    """``codes`` as parameters: those in ``default`` in the default run, the others behind
    the ``slow`` marker (CI runs them all), so the quick run stays quick as languages come."""
    return [code if code in default else pytest.param(code, marks=pytest.mark.slow, id=code)
            for code in codes]


def screen_matches(screen: str, snapshot: Path, width: int = 80) -> None:
    """``screen`` fits ``width`` columns (a ``file:line:`` diagnostic aside: it stays whole,
    as a compiler's does, so grep and editors can jump to it) and is its ``snapshot``, read by
    hand when stored (``ASARA_UPDATE_SNAPSHOTS=1`` rewrites it)."""
    from asara_cli.render.wrap import DIAGNOSTIC

    wide = [line for line in screen.splitlines()
            if len(line) > width and not DIAGNOSTIC.match(line)]
    assert not wide, f"{snapshot.name}: lines wider than {width} columns: {wide}"
    if os.environ.get("ASARA_UPDATE_SNAPSHOTS"):
        snapshot.parent.mkdir(parents=True, exist_ok=True)
        snapshot.write_text(screen, encoding="utf-8")
    assert screen == snapshot.read_text(encoding="utf-8")
