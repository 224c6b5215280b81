"""Tab completion for Yspahan's recording commands: the tower's rows and quarters, the souks
and the street cells their shops face, the street's cells, buildings and card kinds, from
the board profile; the players from the log in use (cli/completion.py). In another
language than English its words are offered too (``Truhe8`` beside ``chest8``): both are
read (words.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import typer

from asara_cli.cli.completion import matching, quiet
from asara_cli.core.i18n import SOURCE, language
from asara_cli.games.yspahan.rules import terms
from asara_cli.games.yspahan.words import english_word


def _spoken(ids: Sequence[str], term: Callable[[str], str]) -> list[str]:
    """``ids``, or in another language than English their words in it (the ids, read as
    well, are offered by :func:`_offer` when none of those fits)."""
    return list(ids) if language() == SOURCE else [term(i) for i in ids]


def _offer(candidates: Sequence[str], incomplete: str) -> list[str]:
    """The candidates that fit what is typed; in another language than English, when none
    does, the English words they stand for (``words.py`` reads both)."""
    found = matching(candidates, incomplete)
    if found or language() == SOURCE:
        return found
    return matching([english_word(w) for w in candidates], incomplete)


def _board() -> Any:
    from asara_cli.logfile.board import load_board

    return load_board(None, "yspahan")


@quiet
def rows(ctx: typer.Context, incomplete: str) -> list[str]:
    """A row of the tower: camels, the quarters, gold."""
    return _offer(_spoken(_board().rows, terms.row), incomplete)


@quiet
def shops(ctx: typer.Context, incomplete: str) -> list[str]:
    """``goods``: a quarter first, then souks and the cells their street-side shops face
    (or ``inner``)."""
    board = _board()
    typed = [w for w in ctx.params.get("shops") or [] if isinstance(w, str)]
    ids = [s.id for s in board.souks]
    souks = _spoken(ids, terms.souk)
    last = english_word(typed[-1]) if typed else None
    if last is not None and last in ids:
        souk = board.souk(last)
        cells = [c for faced in souk.street for c in faced] + (
            [terms.cell("inner")] if souk.inner else [])
        return _offer([*cells, *souks], incomplete)
    quarters = _spoken(board.quarters, terms.good)
    return _offer([*quarters, *souks] if not typed else souks, incomplete)


@quiet
def cells(ctx: typer.Context, incomplete: str) -> list[str]:
    """``supervisor``: the street's cells (C the centre)."""
    return matching(_board().cells, incomplete)


@quiet
def buildings(ctx: typer.Context, incomplete: str) -> list[str]:
    return _offer(_spoken(list(_board().buildings), terms.building), incomplete)


@quiet
def cards(ctx: typer.Context, incomplete: str) -> list[str]:
    """A card's kind (its effect words follow it, e.g. ``goldvp 4``)."""
    return _offer(_spoken(list(_board().cards), terms.card), incomplete)
