"""The languages the package ships: each compiled catalogue besides English. The tests that
speak a language run in each of them, so a new catalogue is tested by being added."""

from __future__ import annotations

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
