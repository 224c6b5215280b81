"""The languages the package ships: each compiled catalogue besides English. The tests that
speak a language run in each of them, so a new catalogue is tested by being added."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from terminal import Done, run_here

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


def asara(folder: Path, *args: str, lang: str | None = "de") -> Done:
    """``asara --lang LANG ARGS`` in ``folder`` (``lang`` None: ``asara ARGS``), in this
    process (``terminal.run_here``) with the suite's environment but $ASARA_LOG; ``spawned``
    starts a process where that start matters (the help, whose Typer words are translated as
    Typer loads)."""
    environ = {k: v for k, v in os.environ.items() if k != "ASARA_LOG"}
    return run_here(folder, [*(["--lang", lang] if lang else []), *args], environ)


def spawned(folder: Path, *args: str, lang: str = "de") -> Done:
    """``asara --lang LANG ARGS`` in ``folder``, in a process of its own (at 80 columns, with
    no locale, $ASARA_LANG or $ASARA_LOG of the machine's)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "ASARA_LANG", "ASARA_LOG")}
    env.update(COLUMNS="80", LINES="25", PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "asara_cli", "--lang", lang, *args],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=300)
    return Done(done.returncode, done.stdout, done.stderr)
