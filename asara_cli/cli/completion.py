"""What every game's tab completion shares: a completer that never fails aloud, matching
that keeps the letters typed, words from a file worth offering, the log in use."""

from __future__ import annotations

import functools
import os
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import typer

from asara_cli.cli import COMPLETE_VAR

Completer = Callable[[typer.Context, str], list[str]]


def quiet(fn: Completer) -> Completer:
    """Whatever goes wrong: no candidates; escaped for bash (its script inserts them as is)."""

    @functools.wraps(fn)
    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        try:
            found = fn(ctx, incomplete)
            if os.environ.get(COMPLETE_VAR, "").endswith("_bash"):
                return [w.replace(" ", "\\ ") for w in found]
            return found
        except Exception:
            return []

    return complete


def matching(candidates: Iterable[str], incomplete: str) -> list[str]:
    """The candidates that start with ``incomplete`` ignoring case, each spelt with the
    letters already typed (Typer keeps only candidates that start with them)."""
    typed = incomplete.casefold()
    found: list[str] = []
    for word in dict.fromkeys(candidates):
        if word.startswith(incomplete):
            found.append(word)
        elif word[: len(incomplete)].casefold() == typed:
            found.append(incomplete + word[len(incomplete):])
    return found


def plain(word: str) -> bool:
    """A word from a file that is safe and useful to offer."""
    return bool(word) and word == word.strip() and len(word) <= 64 and all(
        c.isalnum() or c in " -_." or unicodedata.category(c).startswith("M") for c in word)


def log_path(ctx: typer.Context) -> Path:
    """The current log, found as the commands find it (raises when there is none)."""
    from asara_cli.logfile.record import default_log

    given: Any = ctx.params.get("log")
    return default_log(Path(given) if isinstance(given, (str, os.PathLike)) else None)[0]


@quiet
def players(ctx: typer.Context, incomplete: str) -> list[str]:
    """``--player``: the players of the current log (of any game)."""
    from asara_cli.logfile.game import read_log

    log = read_log(log_path(ctx))
    names = log.header.rules.players_of(log.header.setup)
    return matching([n for n in names if plain(n)], incomplete)
